// SPDX-License-Identifier: GPL-2.0
/* Intel PRO/1000 PCIe: AF_XDP zero-copy
 *
 * A pool bound to queue pair q takes over RX ring q (its buffers come
 * from the pool's fill queue and the XDP program runs on them; XDP_PASS
 * copies into a new skb) and adds a producer to TX ring q. The 82574 has
 * two TX queues and the stack uses both, so AF_XDP frames share the ring
 * with the stack's xmit and the other XDP senders: they are posted from
 * the pair's NAPI under the queue's xmit lock, one descriptor each with
 * EOP, like every XDP frame, and completed in ring order with the rest.
 *
 * Binding and unbinding restart only that pair: its NAPI is disabled,
 * the old pool's TX frames are drained, RX is held off (RCTL.EN, for both
 * queues, for the few milliseconds the buffers take to change), ring q is
 * emptied, its head and tail reset and refilled from the new source. The
 * other pair's rings, buffers and NAPI stay as they are.
 */

#include <linux/bpf_trace.h>
#include <linux/etherdevice.h>
#include <linux/filter.h>
#include <linux/if_vlan.h>
#include <net/xdp_sock_drv.h>

#include "e1000e.h"

#define E1000E_XSK_DESC(r, i)	(&((union e1000e_rx_desc *)(r)->desc)[i])
#define E1000E_XSK_BATCH	32
/* the pool's pages: synced by the xsk_buff helpers, not at map time */
#define E1000E_XSK_DMA_ATTR	DMA_ATTR_SKIP_CPU_SYNC
/* the MAC needs at least 17 bytes; TCTL.PSP pads the rest */
#define E1000E_XSK_MIN_LEN	17
/* how long an unbind waits for the pool's TX frames to leave */
#define E1000E_XSK_DRAIN_MS	500

/**
 * e1000e_xsk_any - whether an AF_XDP pool is bound to any queue pair
 * @ad: adapter
 *
 * Return: true if one is.
 */
bool e1000e_xsk_any(struct e1000e_adapter *ad)
{
	u16 q;

	for (q = 0; q < E1000E_MAX_QUEUES; q++)
		if (ad->xsk_pools[q])
			return true;
	return false;
}

/**
 * e1000e_xsk_refill - give free RX descriptors buffers from the fill queue
 * @ring: RX ring with a pool, in its NAPI poll or with that NAPI disabled
 *
 * Return: true if every free descriptor got one.
 */
bool e1000e_xsk_refill(struct e1000e_ring *ring)
{
	unsigned int n = e1000e_desc_unused(ring);
	struct xdp_buff *bufs[E1000E_XSK_BATCH];
	u16 i = ring->ntu;
	bool full = true;

	while (n) {
		u32 want = min_t(u32, n, E1000E_XSK_BATCH), got, k;

		got = xsk_buff_alloc_batch(ring->xsk_pool, bufs, want);
		for (k = 0; k < got; k++) {
			union e1000e_rx_desc *desc = E1000E_XSK_DESC(ring, i);

			ring->rx_buf[i].xdp = bufs[k];
			desc->read.addr =
				cpu_to_le64(xsk_buff_xdp_get_dma(bufs[k]));
			desc->read.rsvd = 0;
			i = e1000e_ring_next(ring, i);
		}
		n -= got;
		if (got < want) {
			full = false;
			break;
		}
	}

	if (i != ring->ntu) {
		ring->ntu = i;
		/* descriptors visible before the device sees the tail */
		writel(i, ring->tail);
	}
	return full;
}

/* XDP_PASS from a pool buffer: the stack gets a copy, the buffer goes back */
static void e1000e_xsk_pass(struct e1000e_ring *ring, struct xdp_buff *xdp,
			    u32 staterr, const union e1000e_rx_desc *desc)
{
	unsigned int meta = xdp->data - xdp->data_meta;
	unsigned int len = xdp->data_end - xdp->data;
	struct sk_buff *skb;

	skb = napi_alloc_skb(&ring->qv->napi, meta + len);
	if (unlikely(!skb)) {
		ring->stats.rx.drops++;
		xsk_buff_free(xdp);
		return;
	}
	memcpy(__skb_put(skb, meta + len), xdp->data_meta, meta + len);
	if (meta) {
		__skb_pull(skb, meta);
		skb_metadata_set(skb, meta);
	}
	xsk_buff_free(xdp);

	e1000e_rx_csum(ring, skb, staterr);
	e1000e_rx_hash(ring, skb, desc);
	if (staterr & E1000E_RXD_STAT_VP)
		__vlan_hwaccel_put_tag(skb, htons(ETH_P_8021Q),
				       le16_to_cpu(desc->wb.vlan));
	skb_record_rx_queue(skb, ring->qid);
	skb->protocol = eth_type_trans(skb, ring->netdev);
	napi_gro_receive(&ring->qv->napi, skb);
}

/* Runs @prog on a pool buffer. Returns true if the stack is to get the
 * frame (XDP_PASS); otherwise the buffer was consumed.
 */
static bool e1000e_xsk_run(struct e1000e_ring *ring, struct bpf_prog *prog,
			   struct xdp_buff *xdp, unsigned int *res)
{
	struct xdp_frame *frame;
	u32 act;

	act = bpf_prog_run_xdp(prog, xdp);
	switch (act) {
	case XDP_REDIRECT:
		if (xdp_do_redirect(ring->netdev, xdp, prog))
			goto failed;
		ring->stats.rx.xdp_redirect++;
		*res |= E1000E_XDP_REDIR;
		return false;
	case XDP_PASS:
		ring->stats.rx.xdp_pass++;
		return true;
	case XDP_TX:
		/* a copy in a page of its own leaves on the pair's TX ring */
		frame = xdp_convert_buff_to_frame(xdp);
		if (unlikely(!frame))
			goto failed;
		if (e1000e_xdp_tx_frame(ring, frame)) {
			xdp_return_frame(frame);
			ring->stats.rx.drops++;
			trace_xdp_exception(ring->netdev, prog, act);
			return false;
		}
		ring->stats.rx.xdp_tx++;
		*res |= E1000E_XDP_TX_TAIL;
		return false;
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
	xsk_buff_free(xdp);
	return false;

failed:
	/* socket ring full, no such socket, or no page for the copy */
	ring->stats.rx.drops++;
	trace_xdp_exception(ring->netdev, prog, act);
	xsk_buff_free(xdp);
	return false;
}

static int e1000e_xsk_clean_rx(struct e1000e_ring *ring, int budget)
{
	struct bpf_prog *prog = READ_ONCE(ring->qv->ad->xdp_prog);
	struct xsk_buff_pool *pool = ring->xsk_pool;
	unsigned int pkts = 0, bytes = 0, res = 0;
	u16 i = ring->ntc;
	bool full;

	u64_stats_update_begin(&ring->syncp);
	while (pkts < budget && i != ring->ntu) {
		union e1000e_rx_desc *desc = E1000E_XSK_DESC(ring, i);
		struct xdp_buff *xdp;
		unsigned int len;
		u32 staterr;

		staterr = le32_to_cpu(desc->wb.status_error);
		if (!(staterr & E1000E_RXD_STAT_DD))
			break;
		/* length and the rest of the write-back after DD */
		dma_rmb();

		len = le16_to_cpu(desc->wb.length);
		xdp = ring->rx_buf[i].xdp;
		ring->rx_buf[i].xdp = NULL;
		i = e1000e_ring_next(ring, i);

		/* Without RCTL.LPE a frame fits one buffer of the frame
		 * sizes bound here; anything else is dropped whole.
		 */
		if (unlikely(ring->xsk_skip ||
			     (staterr & (E1000E_RXD_STAT_EOP |
					 E1000E_RXD_ERR_FRAME)) !=
			     E1000E_RXD_STAT_EOP)) {
			if (!ring->xsk_skip)
				ring->stats.rx.drops++;
			ring->xsk_skip = !(staterr & E1000E_RXD_STAT_EOP);
			xsk_buff_free(xdp);
			continue;
		}

		xsk_buff_set_size(xdp, len);
		xsk_buff_dma_sync_for_cpu(xdp);
		bytes += len;
		pkts++;

		if (!prog || e1000e_xsk_run(ring, prog, xdp, &res))
			e1000e_xsk_pass(ring, xdp, staterr, desc);
	}
	ring->ntc = i;
	ring->stats.packets += pkts;
	ring->stats.bytes += bytes;
	u64_stats_update_end(&ring->syncp);

	if (res)
		e1000e_xdp_rx_done(ring, res);

	full = e1000e_xsk_refill(ring);
	if (xsk_uses_need_wakeup(pool)) {
		/* an empty fill queue: user space refills, then wakes us */
		if (!full || ring->ntc == ring->ntu)
			xsk_set_rx_need_wakeup(pool);
		else
			xsk_clear_rx_need_wakeup(pool);
		return pkts;
	}
	/* without need_wakeup, keep polling until buffers come */
	return full ? pkts : budget;
}

/* A descriptor the MAC cannot send is completed with the XSK frame before
 * it on the ring, or at once if there is none, to keep the order of the
 * completion queue.
 */
static void e1000e_xsk_refuse(struct e1000e_ring *tx, u32 *now)
{
	if (tx->xsk_pending)
		tx->tx_buf[tx->xsk_last].xsk_extra++;
	else
		(*now)++;
	tx->stats.tx.drops++;
}

/* Post the pool's TX descriptors on the pair's TX ring. Returns true if
 * nothing is left for this poll: the pool's queue ran dry or the ring is
 * full (its completions raise the next poll).
 */
static bool e1000e_xsk_xmit(struct e1000e_ring *tx, unsigned int budget)
{
	struct netdev_queue *txq = netdev_get_tx_queue(tx->netdev, tx->qid);
	struct xsk_buff_pool *pool = tx->xsk_pool;
	struct xdp_desc *descs = pool->tx_descs;
	unsigned int room, want, got, k;
	u32 now = 0;

	__netif_tx_lock(txq, smp_processor_id());
	/* leave the stack room for a packet, as its xmit asks to wake */
	room = e1000e_desc_unused(tx);
	room = room > E1000E_TX_WAKE_THRESH ? room - E1000E_TX_WAKE_THRESH : 0;
	want = min(room, budget);
	got = want ? xsk_tx_peek_release_desc_batch(pool, want) : 0;

	u64_stats_update_begin(&tx->syncp);
	for (k = 0; k < got; k++) {
		u32 len = descs[k].len;
		dma_addr_t dma;
		u16 i = tx->ntu;

		if (unlikely(len < E1000E_XSK_MIN_LEN)) {
			e1000e_xsk_refuse(tx, &now);
			continue;
		}
		dma = xsk_buff_raw_get_dma(pool, descs[k].addr);
		xsk_buff_raw_dma_sync_for_device(pool, dma, len);
		if (unlikely(e1000e_xdp_queue(tx, dma, len, E1000E_TX_XSK,
					      NULL))) {
			e1000e_xsk_refuse(tx, &now);
			continue;
		}
		tx->tx_buf[i].xsk_extra = 0;
		tx->xsk_pending++;
		tx->xsk_last = i;
	}
	u64_stats_update_end(&tx->syncp);

	if (got) {
		/* ntu always follows an EOP descriptor */
		writel(tx->ntu, tx->tail);
		txq_trans_cond_update(txq);
	}
	__netif_tx_unlock(txq);

	if (now)
		xsk_tx_completed(pool, now);
	if (xsk_uses_need_wakeup(pool))
		xsk_set_tx_need_wakeup(pool);
	return got < want || want == room;
}

/**
 * e1000e_xsk_tx_done - tell the pool which of its TX frames completed
 * @ring: TX ring
 */
void e1000e_xsk_tx_done(struct e1000e_ring *ring)
{
	if (ring->xsk_done) {
		xsk_tx_completed(ring->xsk_pool, ring->xsk_done);
		ring->xsk_done = 0;
	}
}

/**
 * e1000e_xsk_poll - NAPI poll of a queue pair with an AF_XDP pool
 * @qv: queue vector
 * @budget: RX packets allowed
 *
 * Return: RX packets processed, or @budget to be polled again.
 */
int e1000e_xsk_poll(struct e1000e_q_vector *qv, int budget)
{
	bool tx_idle = true;
	int done = 0;

	e1000e_clean_tx(qv->tx, budget);
	e1000e_xsk_tx_done(qv->tx);
	if (!budget)
		return 0;

	tx_idle = e1000e_xsk_xmit(qv->tx, budget);
	done = e1000e_xsk_clean_rx(qv->rx, budget);

	if (done >= budget || !tx_idle)
		return budget;
	return e1000e_poll_complete(qv, done);
}

/* RX held off on both queues, under the lock ndo_set_rx_mode runs with */
static void e1000e_xsk_rx_hold(struct e1000e_adapter *ad, bool hold)
{
	struct net_device *netdev = ad->netdev;
	struct e1000e_hw *hw = &ad->hw;

	netif_addr_lock_bh(netdev);
	if (hold) {
		set_bit(E1000E_RX_PAUSED, &ad->state);
		e1000e_wr32(hw, E1000E_RCTL, ad->rctl & ~E1000E_RCTL_EN);
	} else {
		clear_bit(E1000E_RX_PAUSED, &ad->state);
		e1000e_wr32(hw, E1000E_RCTL, ad->rctl | E1000E_RCTL_EN);
	}
	netif_addr_unlock_bh(netdev);
	e1000e_flush(hw);
}

/* Switch queue pair @q of a running device to @pool (NULL: back to the
 * page_pool). On error the caller resets the device, which returns what
 * the rings still hold to the pools they name.
 */
static int e1000e_xsk_pair_switch(struct e1000e_adapter *ad, u16 q,
				  struct xsk_buff_pool *pool)
{
	struct e1000e_q_vector *qv = &ad->qv[q];
	struct e1000e_ring *rx = qv->rx, *tx = qv->tx;
	struct e1000e_hw *hw = &ad->hw;
	unsigned long end;
	int err;

	napi_disable(&qv->napi);

	/* the old pool's TX frames must leave before the pool goes */
	end = jiffies + msecs_to_jiffies(E1000E_XSK_DRAIN_MS);
	while (tx->xsk_pool) {
		local_bh_disable();
		e1000e_clean_tx(tx, 0);
		e1000e_xsk_tx_done(tx);
		local_bh_enable();
		if (!tx->xsk_pending)
			break;
		if (time_after(jiffies, end)) {
			netdev_warn(ad->netdev, "queue %u: %u AF_XDP frames not sent, resetting\n",
				    q, tx->xsk_pending);
			napi_enable(&qv->napi);
			return -ETIMEDOUT;
		}
		usleep_range(1000, 2000);
	}

	e1000e_xsk_rx_hold(ad, true);
	/* let a frame the DMA engine is writing land */
	usleep_range(1000, 2000);

	e1000e_clean_rx_ring(rx);
	e1000e_wr32(hw, E1000E_RDH(q), 0);
	e1000e_wr32(hw, E1000E_RDT(q), 0);

	xdp_rxq_info_unreg_mem_model(&rx->xdp_rxq);
	rx->xsk_pool = pool;
	tx->xsk_pool = pool;
	err = e1000e_xdp_rxq_mem_reg(rx);
	if (!err)
		err = e1000e_fill_rx_ring(rx);
	e1000e_xsk_rx_hold(ad, false);
	napi_enable(&qv->napi);
	if (err)
		return err;

	/* first fill or kick: the pair's poll runs once */
	local_bh_disable();
	napi_schedule(&qv->napi);
	local_bh_enable();
	return 0;
}

static int e1000e_xsk_pool_enable(struct e1000e_adapter *ad,
				  struct xsk_buff_pool *pool, u16 q)
{
	struct net_device *netdev = ad->netdev;
	u32 frame = xsk_pool_get_rx_frame_size(pool);
	int err;

	if (q >= ad->num_queues)
		return -EINVAL;
	if (ad->xsk_pools[q])
		return -EBUSY;
	/* one buffer per frame: no long packets, and a frame of the MAC's
	 * largest without them (VLAN tag and FCS included) must fit
	 */
	if (netdev->mtu > ETH_DATA_LEN || frame < E1000E_RX_MAX_STD_FRAME) {
		netdev_err(netdev, "AF_XDP zero-copy on queue %u needs MTU <= %u and frames of %u bytes (MTU %u, frame %u)\n",
			   q, ETH_DATA_LEN, E1000E_RX_MAX_STD_FRAME,
			   netdev->mtu, frame);
		return -EINVAL;
	}

	err = xsk_pool_dma_map(pool, &ad->pdev->dev, E1000E_XSK_DMA_ATTR);
	if (err) {
		netdev_err(netdev, "queue %u: AF_XDP pool DMA mapping failed: %d\n",
			   q, err);
		return err;
	}

	ad->xsk_pools[q] = pool;
	if (!netif_running(netdev) || test_bit(E1000E_DOWN, &ad->state))
		return 0;

	err = e1000e_xsk_pair_switch(ad, q, pool);
	if (err) {
		ad->resets++;
		err = e1000e_reconfigure(ad);
	}
	if (err) {
		ad->xsk_pools[q] = NULL;
		xsk_pool_dma_unmap(pool, E1000E_XSK_DMA_ATTR);
	}
	return err;
}

static int e1000e_xsk_pool_disable(struct e1000e_adapter *ad, u16 q)
{
	struct xsk_buff_pool *pool = ad->xsk_pools[q];
	struct net_device *netdev = ad->netdev;
	int err = 0;

	if (!pool)
		return -EINVAL;

	ad->xsk_pools[q] = NULL;
	if (netif_running(netdev) && !test_bit(E1000E_DOWN, &ad->state) &&
	    q < ad->num_queues) {
		err = e1000e_xsk_pair_switch(ad, q, NULL);
		if (err) {
			/* the reset returns whatever the rings still hold */
			ad->resets++;
			err = e1000e_reconfigure(ad);
			if (err)
				netdev_err(netdev, "restart after AF_XDP unbind failed: %d\n",
					   err);
		}
	}
	xsk_pool_dma_unmap(pool, E1000E_XSK_DMA_ATTR);
	/* the pool is gone whatever the restart did */
	return 0;
}

/**
 * e1000e_xsk_pool_setup - ndo_bpf XDP_SETUP_XSK_POOL: bind or unbind a pool
 * @netdev: device
 * @pool: the pool, or NULL to unbind
 * @qid: queue pair
 *
 * Called under RTNL. A running device restarts only that queue pair.
 *
 * Return: 0 or a negative error.
 */
int e1000e_xsk_pool_setup(struct net_device *netdev,
			  struct xsk_buff_pool *pool, u16 qid)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);

	if (qid >= E1000E_MAX_QUEUES)
		return -EINVAL;
	return pool ? e1000e_xsk_pool_enable(ad, pool, qid) :
		      e1000e_xsk_pool_disable(ad, qid);
}

/**
 * e1000e_xsk_wakeup - ndo_xsk_wakeup: run a queue pair's NAPI for AF_XDP
 * @netdev: device
 * @qid: queue pair
 * @flags: XDP_WAKEUP_RX and/or XDP_WAKEUP_TX; one poll does both
 *
 * Return: 0, -ENETDOWN, or -EINVAL without a pool on @qid.
 */
int e1000e_xsk_wakeup(struct net_device *netdev, u32 qid, u32 flags)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);
	struct e1000e_q_vector *qv;

	if (test_bit(E1000E_DOWN, &ad->state))
		return -ENETDOWN;
	if (qid >= READ_ONCE(ad->num_queues) ||
	    !READ_ONCE(ad->rx_ring[qid].xsk_pool))
		return -EINVAL;

	qv = &ad->qv[qid];
	/* a poll running now will see the new work, or is made to rerun */
	if (!napi_if_scheduled_mark_missed(&qv->napi)) {
		local_bh_disable();
		napi_schedule(&qv->napi);
		local_bh_enable();
	}
	return 0;
}
