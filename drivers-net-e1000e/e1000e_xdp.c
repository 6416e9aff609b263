// SPDX-License-Identifier: GPL-2.0
/* Intel PRO/1000 PCIe: XDP programs, XDP_TX and ndo_xdp_xmit
 *
 * The 82574 has two TX queues and the stack uses both, so XDP frames go
 * on the TX ring of the queue pair, under that queue's xmit lock: the
 * stack's ndo_start_xmit holds the same lock, so the two producers never
 * write the ring at once, and the lockless completion side in NAPI sees
 * one stream of complete packets. Every XDP frame is one descriptor with
 * EOP, so any tail value written by either producer ends after an EOP.
 * AF_XDP zero-copy frames (e1000e_xsk.c) are a third producer on the
 * same terms.
 */

#include <linux/bpf.h>
#include <linux/bpf_trace.h>
#include <linux/filter.h>
#include <linux/if_vlan.h>
#include <net/page_pool/helpers.h>
#include <net/xdp.h>
#include <net/xdp_sock_drv.h>

#include "e1000e.h"

/* the MAC needs at least 17 bytes; TCTL.PSP pads the rest */
#define E1000E_XDP_MIN_LEN	17

static struct e1000e_tx_desc *e1000e_xdp_desc(struct e1000e_ring *ring, u16 i)
{
	return &((struct e1000e_tx_desc *)ring->desc)[i];
}

/**
 * e1000e_xdp_queue - put one single-descriptor frame on a TX ring
 * @ring: TX ring; the caller holds its queue's xmit lock and has checked
 *        that the device is up
 * @dma: address of the frame
 * @len: its length
 * @type: what the slot holds, for completion
 * @ptr: page, xdp_frame or NULL (AF_XDP)
 *
 * The tail is left alone.
 *
 * Return: 0, -EINVAL for a bad length or -ENOSPC with the ring full.
 */
int e1000e_xdp_queue(struct e1000e_ring *ring, dma_addr_t dma, u32 len,
		     enum e1000e_tx_type type, void *ptr)
{
	struct e1000e_tx_desc *desc;
	struct e1000e_tx_buf *b;
	u16 i = ring->ntu;

	if (unlikely(len < E1000E_XDP_MIN_LEN || len > ring->max_per_desc))
		return -EINVAL;
	if (unlikely(!e1000e_desc_unused(ring)))
		return -ENOSPC;

	b = &ring->tx_buf[i];
	b->dma = dma;
	/* a page_pool page stays mapped; a frame of ndo_xdp_xmit is unmapped
	 * at completion
	 */
	b->len = type == E1000E_TX_XDP_XMIT ? len : 0;
	b->mapped_page = false;
	b->bytes = len;
	b->segs = 1;
	b->eop = i;
	b->skb = ptr;
	b->type = type;

	desc = e1000e_xdp_desc(ring, i);
	desc->addr = cpu_to_le64(dma);
	desc->lower = cpu_to_le32(E1000E_TXD_CMD_IFCS | E1000E_TXD_CMD_EOP |
				  E1000E_TXD_CMD_RS | len);
	desc->upper = 0;

	/* publish the slot to e1000e_clean_tx() */
	smp_store_release(&ring->ntu, e1000e_ring_next(ring, i));
	return 0;
}

/* true if the ring may be used: rings come and go only with the device
 * down, and e1000e_down() sets E1000E_DOWN before it takes every xmit
 * lock in netif_tx_disable()
 */
static bool e1000e_xdp_ring_ok(struct e1000e_adapter *ad, u16 q)
{
	return !test_bit(E1000E_DOWN, &ad->state) &&
	       q < READ_ONCE(ad->num_queues);
}

static int e1000e_xdp_tx(struct e1000e_ring *rx, struct xdp_buff *xdp,
			 struct page *page)
{
	struct e1000e_ring *tx = rx->qv->tx;
	struct netdev_queue *txq = netdev_get_tx_queue(tx->netdev, tx->qid);
	u32 len = xdp->data_end - xdp->data;
	dma_addr_t dma;
	int err = -ENETDOWN;

	dma = page_pool_get_dma_addr(page) +
	      (xdp->data - page_address(page));
	dma_sync_single_for_device(rx->dev, dma, len, DMA_BIDIRECTIONAL);

	__netif_tx_lock(txq, smp_processor_id());
	if (e1000e_xdp_ring_ok(rx->qv->ad, tx->qid))
		err = e1000e_xdp_queue(tx, dma, len, E1000E_TX_XDP_TX, page);
	if (!err)
		txq_trans_cond_update(txq);
	__netif_tx_unlock(txq);
	return err;
}

/**
 * e1000e_xdp_tx_frame - XDP_TX of a frame copied out of an AF_XDP buffer
 * @rx: RX ring in its NAPI poll; the frame goes on its pair's TX ring
 * @frame: the copy; the ring owns it on success
 *
 * The caller writes the tail through e1000e_xdp_rx_done().
 *
 * Return: 0 or a negative error (@frame is still the caller's).
 */
int e1000e_xdp_tx_frame(struct e1000e_ring *rx, struct xdp_frame *frame)
{
	struct e1000e_ring *tx = rx->qv->tx;
	struct netdev_queue *txq = netdev_get_tx_queue(tx->netdev, tx->qid);
	int err = -ENETDOWN;
	dma_addr_t dma;

	dma = dma_map_single(tx->dev, frame->data, frame->len, DMA_TO_DEVICE);
	if (dma_mapping_error(tx->dev, dma))
		return -ENOMEM;

	__netif_tx_lock(txq, smp_processor_id());
	if (e1000e_xdp_ring_ok(rx->qv->ad, tx->qid))
		err = e1000e_xdp_queue(tx, dma, frame->len, E1000E_TX_XDP_XMIT,
				       frame);
	if (!err)
		txq_trans_cond_update(txq);
	__netif_tx_unlock(txq);
	if (err)
		dma_unmap_single(tx->dev, dma, frame->len, DMA_TO_DEVICE);
	return err;
}

/**
 * e1000e_xdp_rx - run the XDP program on one received frame
 * @ring: RX ring, in its NAPI poll, stats sequence held
 * @prog: program
 * @page: page of the buffer
 * @buf: the buffer (ring->rx_truesize bytes), holding the whole frame
 * @off: frame offset in @buf; updated for XDP_PASS
 * @len: frame length; updated for XDP_PASS
 * @meta: set to the metadata length for XDP_PASS
 * @res: E1000E_XDP_* work left for e1000e_xdp_rx_done()
 *
 * Return: false if the stack gets the frame (XDP_PASS), true if the
 * page was consumed: dropped, queued for XDP_TX or redirected.
 */
bool e1000e_xdp_rx(struct e1000e_ring *ring, struct bpf_prog *prog,
		   struct page *page, void *buf, unsigned int *off,
		   unsigned int *len, unsigned int *meta, unsigned int *res)
{
	struct xdp_buff xdp;
	u32 act;

	xdp_init_buff(&xdp, ring->rx_truesize, &ring->xdp_rxq);
	xdp_prepare_buff(&xdp, buf, *off, *len, true);

	act = bpf_prog_run_xdp(prog, &xdp);
	switch (act) {
	case XDP_PASS:
		ring->stats.rx.xdp_pass++;
		*off = xdp.data - xdp.data_hard_start;
		*len = xdp.data_end - xdp.data;
		*meta = xdp.data - xdp.data_meta;
		return false;
	case XDP_TX:
		if (e1000e_xdp_tx(ring, &xdp, page))
			goto failed;
		ring->stats.rx.xdp_tx++;
		*res |= E1000E_XDP_TX_TAIL;
		return true;
	case XDP_REDIRECT:
		if (xdp_do_redirect(ring->netdev, &xdp, prog))
			goto failed;
		ring->stats.rx.xdp_redirect++;
		*res |= E1000E_XDP_REDIR;
		return true;
	case XDP_DROP:
		ring->stats.rx.xdp_drop++;
		break;
	default:
		bpf_warn_invalid_xdp_action(ring->netdev, prog, act);
		fallthrough;
	case XDP_ABORTED:
		ring->stats.rx.xdp_aborted++;
		trace_xdp_exception(ring->netdev, prog, act);
		break;
	}
	page_pool_recycle_direct(ring->pp, page);
	return true;

failed:
	/* TX ring full or redirect target refused the frame */
	ring->stats.rx.drops++;
	trace_xdp_exception(ring->netdev, prog, act);
	page_pool_recycle_direct(ring->pp, page);
	return true;
}

/**
 * e1000e_xdp_rx_done - end of an RX poll: flush redirects, kick XDP_TX
 * @ring: RX ring
 * @res: E1000E_XDP_* bits collected by e1000e_xdp_rx()
 */
void e1000e_xdp_rx_done(struct e1000e_ring *ring, unsigned int res)
{
	struct e1000e_ring *tx = ring->qv->tx;
	struct netdev_queue *txq;

	if (res & E1000E_XDP_REDIR)
		xdp_do_flush();
	if (!(res & E1000E_XDP_TX_TAIL))
		return;

	txq = netdev_get_tx_queue(tx->netdev, tx->qid);
	__netif_tx_lock(txq, smp_processor_id());
	/* ntu always follows an EOP descriptor */
	if (e1000e_xdp_ring_ok(ring->qv->ad, tx->qid))
		writel(tx->ntu, tx->tail);
	__netif_tx_unlock(txq);
}

/**
 * e1000e_xdp_xmit - ndo_xdp_xmit: send frames redirected to this device
 * @netdev: device
 * @n: number of frames
 * @frames: the frames
 * @flags: XDP_XMIT_FLUSH to write the tail now
 *
 * The queue pair is picked by CPU; frames not taken stay the caller's.
 *
 * Return: number of frames queued, or a negative error.
 */
int e1000e_xdp_xmit(struct net_device *netdev, int n,
		    struct xdp_frame **frames, u32 flags)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);
	u16 nq = READ_ONCE(ad->num_queues), q;
	struct netdev_queue *txq;
	struct e1000e_ring *ring;
	int cpu, sent = 0;

	if (unlikely(flags & ~XDP_XMIT_FLAGS_MASK))
		return -EINVAL;
	if (unlikely(test_bit(E1000E_DOWN, &ad->state) || !nq))
		return -ENETDOWN;

	cpu = smp_processor_id();
	q = cpu % nq;
	ring = &ad->tx_ring[q];
	txq = netdev_get_tx_queue(netdev, q);

	__netif_tx_lock(txq, cpu);
	if (unlikely(!e1000e_xdp_ring_ok(ad, q))) {
		__netif_tx_unlock(txq);
		return -ENETDOWN;
	}

	for (; sent < n; sent++) {
		struct xdp_frame *frame = frames[sent];
		dma_addr_t dma;

		dma = dma_map_single(ring->dev, frame->data, frame->len,
				     DMA_TO_DEVICE);
		if (dma_mapping_error(ring->dev, dma))
			break;
		if (e1000e_xdp_queue(ring, dma, frame->len, E1000E_TX_XDP_XMIT,
				     frame)) {
			dma_unmap_single(ring->dev, dma, frame->len,
					 DMA_TO_DEVICE);
			break;
		}
	}

	if (sent) {
		txq_trans_cond_update(txq);
		if (flags & XDP_XMIT_FLUSH)
			writel(ring->ntu, ring->tail);
	}

	u64_stats_update_begin(&ring->syncp);
	ring->stats.tx.xdp_xmit += sent;
	ring->stats.tx.xdp_xmit_err += n - sent;
	u64_stats_update_end(&ring->syncp);
	__netif_tx_unlock(txq);
	return sent;
}

static int e1000e_xdp_setup(struct net_device *netdev, struct bpf_prog *prog,
			    struct netlink_ext_ack *extack)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);
	struct bpf_prog *old;

	if (prog && netdev->mtu > E1000E_XDP_MAX_MTU) {
		NL_SET_ERR_MSG_FMT_MOD(extack,
				       "MTU %u too large for XDP: at most %u, one %u-byte receive buffer",
				       netdev->mtu, E1000E_XDP_MAX_MTU,
				       E1000E_RX_BUF_LEN);
		return -EINVAL;
	}

	/* Buffers, headroom, the page_pool mapping and the TX rings are the
	 * same with and without a program, so attach, swap and detach need
	 * no reset: NAPI reads the pointer once per poll, and the old
	 * program is freed only after an RCU grace period.
	 */
	old = xchg(&ad->xdp_prog, prog);
	if (old)
		bpf_prog_put(old);
	return 0;
}

/**
 * e1000e_bpf - ndo_bpf: attach, replace or detach an XDP program
 * @netdev: device
 * @bpf: command
 *
 * Return: 0 or a negative error.
 */
int e1000e_bpf(struct net_device *netdev, struct netdev_bpf *bpf)
{
	switch (bpf->command) {
	case XDP_SETUP_PROG:
		return e1000e_xdp_setup(netdev, bpf->prog, bpf->extack);
	case XDP_SETUP_XSK_POOL:
		return e1000e_xsk_pool_setup(netdev, bpf->xsk.pool,
					     bpf->xsk.queue_id);
	default:
		return -EINVAL;
	}
}

/**
 * e1000e_xdp_rxq_mem_reg - register the memory model of an RX ring's buffers
 * @ring: RX ring, rxq registered without a memory model
 *
 * The page_pool, or the AF_XDP pool when the ring has one. The page_pool
 * stays allocated while a pool is in use: only its XDP registration (and
 * the reference that holds) comes and goes.
 *
 * Return: 0 or a negative error.
 */
int e1000e_xdp_rxq_mem_reg(struct e1000e_ring *ring)
{
	int err;

	if (!ring->xsk_pool)
		return xdp_rxq_info_reg_mem_model(&ring->xdp_rxq,
						  MEM_TYPE_PAGE_POOL, ring->pp);

	err = xdp_rxq_info_reg_mem_model(&ring->xdp_rxq,
					 MEM_TYPE_XSK_BUFF_POOL, NULL);
	if (!err)
		xsk_pool_set_rxq_info(ring->xsk_pool, &ring->xdp_rxq);
	return err;
}

/**
 * e1000e_xdp_rxq_reg - register an RX ring and its buffers with XDP
 * @ring: RX ring, page_pool created
 *
 * Return: 0 or a negative error.
 */
int e1000e_xdp_rxq_reg(struct e1000e_ring *ring)
{
	int err;

	err = xdp_rxq_info_reg(&ring->xdp_rxq, ring->netdev, ring->qid,
			       ring->qv->napi.napi_id);
	if (err)
		return err;
	err = e1000e_xdp_rxq_mem_reg(ring);
	if (err)
		xdp_rxq_info_unreg(&ring->xdp_rxq);
	return err;
}

/**
 * e1000e_xdp_rxq_unreg - undo e1000e_xdp_rxq_reg(), if it was done
 * @ring: RX or unused ring
 */
void e1000e_xdp_rxq_unreg(struct e1000e_ring *ring)
{
	if (xdp_rxq_info_is_reg(&ring->xdp_rxq))
		xdp_rxq_info_unreg(&ring->xdp_rxq);
}
