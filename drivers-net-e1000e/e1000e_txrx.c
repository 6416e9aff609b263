// SPDX-License-Identifier: GPL-2.0
/* Intel PRO/1000 PCIe: descriptor rings, transmit, receive and NAPI */

#include <linux/bpf.h>
#include <linux/etherdevice.h>
#include <linux/if_vlan.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/tcp.h>
#include <net/ip6_checksum.h>
#include <net/netdev_queues.h>
#include <net/page_pool/helpers.h>
#include <net/xdp_sock_drv.h>

#include "e1000e.h"

#define E1000E_TX_DESC(r, i)	(&((struct e1000e_tx_desc *)(r)->desc)[i])
#define E1000E_CTX_DESC(r, i)	(&((struct e1000e_tx_ctx_desc *)(r)->desc)[i])
#define E1000E_RX_DESC(r, i)	(&((union e1000e_rx_desc *)(r)->desc)[i])

/**
 * e1000e_ring_stats_read - consistent snapshot of a ring's counters
 * @ring: TX or RX ring
 * @out: destination
 */
void e1000e_ring_stats_read(struct e1000e_ring *ring,
			    struct e1000e_ring_stats *out)
{
	unsigned int start;

	do {
		start = u64_stats_fetch_begin(&ring->syncp);
		*out = ring->stats;
	} while (u64_stats_fetch_retry(&ring->syncp, start));
}

/* ---- allocation ---- */

static int e1000e_alloc_desc(struct e1000e_ring *ring, size_t desc_size)
{
	ring->size = ALIGN(ring->count * desc_size, 4096);
	ring->desc = dma_alloc_coherent(ring->dev, ring->size, &ring->dma,
					GFP_KERNEL);
	return ring->desc ? 0 : -ENOMEM;
}

static void e1000e_free_desc(struct e1000e_ring *ring)
{
	if (ring->desc)
		dma_free_coherent(ring->dev, ring->size, ring->desc, ring->dma);
	ring->desc = NULL;
}

static int e1000e_alloc_tx_ring(struct e1000e_adapter *ad, u16 q)
{
	struct e1000e_ring *ring = &ad->tx_ring[q];

	ring->count = ad->tx_ring_count;
	ring->ctx_key = E1000E_CTX_KEY_NONE;
	ring->tx_buf = kvcalloc(ring->count, sizeof(*ring->tx_buf), GFP_KERNEL);
	if (!ring->tx_buf)
		return -ENOMEM;
	return e1000e_alloc_desc(ring, sizeof(struct e1000e_tx_desc));
}

static int e1000e_alloc_rx_ring(struct e1000e_adapter *ad, u16 q)
{
	struct e1000e_ring *ring = &ad->rx_ring[q];
	struct page_pool_params pp = {
		.flags		= PP_FLAG_DMA_MAP | PP_FLAG_DMA_SYNC_DEV,
		.order		= 0,
		.pool_size	= ad->rx_ring_count,
		.nid		= dev_to_node(ring->dev),
		.dev		= ring->dev,
		.napi		= &ad->qv[q].napi,
		.netdev		= ad->netdev,
		.queue_idx	= q,
		/* XDP_TX sends from these pages: mapped both ways, always,
		 * so that attaching a program needs no new pool
		 */
		.dma_dir	= DMA_BIDIRECTIONAL,
		/* pages may hold two buffers: sync all of it on recycle */
		.offset		= 0,
		.max_len	= PAGE_SIZE,
	};
	struct page_pool *pool;
	int err;

	BUILD_BUG_ON(E1000E_RX_HEADROOM + E1000E_RX_MAX_STD_FRAME +
		     SKB_DATA_ALIGN(sizeof(struct skb_shared_info)) >
		     E1000E_RX_HALF_PAGE);
	BUILD_BUG_ON(E1000E_RX_HEADROOM + E1000E_RX_BUF_LEN +
		     SKB_DATA_ALIGN(sizeof(struct skb_shared_info)) >
		     PAGE_SIZE);
	ring->count = ad->rx_ring_count;
	/* must agree with RCTL.LPE (e1000e_rctl_base) */
	ring->rx_truesize = ad->netdev->mtu > ETH_DATA_LEN ||
			    PAGE_SIZE < 2 * E1000E_RX_HALF_PAGE ?
			    PAGE_SIZE : E1000E_RX_HALF_PAGE;
	ring->rx_buf = kvcalloc(ring->count, sizeof(*ring->rx_buf), GFP_KERNEL);
	if (!ring->rx_buf)
		return -ENOMEM;

	pool = page_pool_create(&pp);
	if (IS_ERR(pool))
		return PTR_ERR(pool);
	ring->pp = pool;

	err = e1000e_xdp_rxq_reg(ring);
	if (err)
		return err;

	return e1000e_alloc_desc(ring, sizeof(union e1000e_rx_desc));
}

static void e1000e_free_ring(struct e1000e_ring *ring)
{
	e1000e_free_desc(ring);
	kvfree(ring->tx_buf);
	ring->tx_buf = NULL;
	/* drops the reference the XDP memory model holds on the pool */
	e1000e_xdp_rxq_unreg(ring);
	if (ring->pp)
		page_pool_destroy(ring->pp);
	ring->pp = NULL;
	ring->xsk_pool = NULL;
}

/**
 * e1000e_free_rings - release descriptor memory, buffers and page pools
 * @ad: adapter
 *
 * Buffers must already have been released by e1000e_clean_rings().
 */
void e1000e_free_rings(struct e1000e_adapter *ad)
{
	u16 q;

	/* each page_pool_destroy() unmaps and frees what its pool holds,
	 * up to a ring's worth of pages with no chance to reschedule
	 */
	for (q = 0; q < E1000E_MAX_QUEUES; q++) {
		e1000e_free_ring(&ad->tx_ring[q]);
		e1000e_free_ring(&ad->rx_ring[q]);
		cond_resched();
	}
}

/**
 * e1000e_alloc_rings - allocate rings for ad->num_queues queue pairs
 * @ad: adapter
 *
 * Return: 0 or -ENOMEM (nothing left allocated).
 */
int e1000e_alloc_rings(struct e1000e_adapter *ad)
{
	struct device *dev = &ad->pdev->dev;
	int err = 0;
	u16 q;

	for (q = 0; q < ad->num_queues; q++) {
		struct e1000e_ring *tx = &ad->tx_ring[q];
		struct e1000e_ring *rx = &ad->rx_ring[q];
		struct e1000e_q_vector *qv = &ad->qv[q];

		tx->dev = dev;
		rx->dev = dev;
		tx->netdev = ad->netdev;
		rx->netdev = ad->netdev;
		tx->qid = q;
		rx->qid = q;
		tx->qv = qv;
		rx->qv = qv;
		qv->tx = tx;
		qv->rx = rx;
		qv->ad = ad;
		qv->idx = q;
		/* a bound AF_XDP pool outlives down and up */
		tx->xsk_pool = ad->xsk_pools[q];
		rx->xsk_pool = ad->xsk_pools[q];
		tx->xsk_pending = 0;
		tx->xsk_done = 0;
		rx->xsk_skip = false;

		err = e1000e_alloc_tx_ring(ad, q);
		if (!err)
			err = e1000e_alloc_rx_ring(ad, q);
		if (err)
			break;
	}
	if (err)
		e1000e_free_rings(ad);
	return err;
}

/* ---- transmit ---- */

static void e1000e_unmap_tx(struct e1000e_ring *ring, struct e1000e_tx_buf *b)
{
	if (!b->len)
		return;
	if (b->mapped_page)
		dma_unmap_page(ring->dev, b->dma, b->len, DMA_TO_DEVICE);
	else
		dma_unmap_single(ring->dev, b->dma, b->len, DMA_TO_DEVICE);
	b->len = 0;
}

static void e1000e_clean_tx_ring(struct e1000e_ring *ring)
{
	u32 xsk = 0;
	u16 i;

	if (!ring->tx_buf)
		return;
	for (i = 0; i < ring->count; i++) {
		struct e1000e_tx_buf *b = &ring->tx_buf[i];

		e1000e_unmap_tx(ring, b);
		switch (b->type) {
		case E1000E_TX_SKB:
			dev_kfree_skb_any(b->skb);
			break;
		case E1000E_TX_XDP_TX:
			page_pool_put_full_page(ring->qv->rx->pp, b->page,
						false);
			break;
		case E1000E_TX_XDP_XMIT:
			xdp_return_frame(b->frame);
			break;
		case E1000E_TX_XSK:
			xsk += 1 + b->xsk_extra;
			break;
		}
		b->type = E1000E_TX_NONE;
		b->skb = NULL;
		if (!(i % E1000E_RESCHED_BATCH))
			cond_resched();
	}
	/* unsent AF_XDP frames go back to user space as completed */
	xsk += ring->xsk_done;
	if (xsk && ring->xsk_pool)
		xsk_tx_completed(ring->xsk_pool, xsk);
	ring->xsk_pending = 0;
	ring->xsk_done = 0;
	ring->ntu = 0;
	ring->ntc = 0;
	ring->stalled = false;
	ring->ctx_key = E1000E_CTX_KEY_NONE;
	if (ring->desc)
		memset(ring->desc, 0, ring->size);
	netdev_tx_reset_queue(netdev_get_tx_queue(ring->netdev, ring->qid));
}

static unsigned int e1000e_tx_count(const struct sk_buff *skb, u32 max)
{
	unsigned int n = DIV_ROUND_UP(skb_headlen(skb), max) + 1;
	unsigned int f;

	for (f = 0; f < skb_shinfo(skb)->nr_frags; f++)
		n += DIV_ROUND_UP(skb_frag_size(&skb_shinfo(skb)->frags[f]),
				  max);
	return n;
}

/* Sets the data descriptor bits for the offloads of @skb and, when the
 * queue needs a new context, writes one at ntu. Returns 1 if it did, 0 if
 * not, or a negative error; *ctx_key is the context the queue will hold.
 */
static int e1000e_tx_offload(struct e1000e_ring *ring, struct sk_buff *skb,
			     u32 *lower, u32 *upper, unsigned int *hdr_len,
			     u64 *ctx_key)
{
	struct e1000e_tx_ctx_desc *ctx;
	u32 ip_setup = 0, tu_setup, cmd_len, seg = 0;
	unsigned int css, l4;
	int err;

	if (skb_is_gso(skb)) {
		err = skb_cow_head(skb, 0);
		if (err < 0)
			return err;

		l4 = skb_transport_offset(skb);
		*hdr_len = skb_tcp_all_headers(skb);
		cmd_len = E1000E_TXD_CMD_DEXT | E1000E_TXD_CMD_TSE |
			  E1000E_CTX_TUCMD_TCP |
			  FIELD_PREP(E1000E_CTX_PAYLEN, skb->len - *hdr_len);
		if (skb_shinfo(skb)->gso_type & SKB_GSO_TCPV4) {
			struct iphdr *iph = ip_hdr(skb);

			iph->tot_len = 0;
			iph->check = 0;
			tcp_hdr(skb)->check = ~csum_tcpudp_magic(iph->saddr,
								 iph->daddr, 0,
								 IPPROTO_TCP,
								 0);
			cmd_len |= E1000E_CTX_TUCMD_IP;
			ip_setup = FIELD_PREP(E1000E_CTX_CSS,
					      skb_network_offset(skb)) |
				   FIELD_PREP(E1000E_CTX_CSO,
					      skb_network_offset(skb) +
					      offsetof(struct iphdr, check)) |
				   FIELD_PREP(E1000E_CTX_CSE, l4 - 1);
			*upper |= E1000E_TXD_POPTS_IXSM;
		} else {
			tcp_v6_gso_csum_prep(skb);
			ip_setup = FIELD_PREP(E1000E_CTX_CSS,
					      skb_network_offset(skb));
		}
		tu_setup = FIELD_PREP(E1000E_CTX_CSS, l4) |
			   FIELD_PREP(E1000E_CTX_CSO,
				      l4 + offsetof(struct tcphdr, check));
		seg = FIELD_PREP(E1000E_CTX_HDRLEN, *hdr_len) |
		      FIELD_PREP(E1000E_CTX_MSS, skb_shinfo(skb)->gso_size);
		*lower |= E1000E_TXD_CMD_DEXT | E1000E_TXD_DTYP_DATA |
			  E1000E_TXD_CMD_TSE;
		*upper |= E1000E_TXD_POPTS_TXSM;
		ring->stats.tx.tso++;
	} else if (skb->ip_summed == CHECKSUM_PARTIAL) {
		css = skb_checksum_start_offset(skb);
		tu_setup = FIELD_PREP(E1000E_CTX_CSS, css) |
			   FIELD_PREP(E1000E_CTX_CSO, css + skb->csum_offset);
		cmd_len = E1000E_TXD_CMD_DEXT;
		if (skb->csum_offset == offsetof(struct tcphdr, check))
			cmd_len |= E1000E_CTX_TUCMD_TCP;
		*lower |= E1000E_TXD_CMD_DEXT | E1000E_TXD_DTYP_DATA;
		*upper |= E1000E_TXD_POPTS_TXSM;
		ring->stats.tx.csum++;
	} else {
		return 0;
	}

	/* the queue keeps the last context: checksum-only packets with the
	 * same offsets need no new one (TSO contexts always differ)
	 */
	*ctx_key = (u64)tu_setup << 32 | cmd_len;
	if (!seg && !ip_setup && ring->ctx_key == *ctx_key)
		return 0;

	ctx = E1000E_CTX_DESC(ring, ring->ntu);
	ctx->ip_setup = cpu_to_le32(ip_setup);
	ctx->tu_setup = cpu_to_le32(tu_setup);
	ctx->cmd_len = cpu_to_le32(cmd_len);
	ctx->seg_setup = cpu_to_le32(seg);
	if (seg || ip_setup)
		*ctx_key = E1000E_CTX_KEY_NONE;
	return 1;
}

static void e1000e_tx_unwind(struct e1000e_ring *ring, u16 first, u16 last)
{
	u16 i = first;

	while (i != last) {
		e1000e_unmap_tx(ring, &ring->tx_buf[i]);
		i = e1000e_ring_next(ring, i);
	}
}

/**
 * e1000e_xmit - ndo_start_xmit: queue one packet
 * @skb: packet
 * @netdev: device
 *
 * Return: NETDEV_TX_OK, or NETDEV_TX_BUSY if the ring is unexpectedly full.
 */
netdev_tx_t e1000e_xmit(struct sk_buff *skb, struct net_device *netdev)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);
	struct e1000e_ring *ring = &ad->tx_ring[skb_get_queue_mapping(skb)];
	struct netdev_queue *txq = netdev_get_tx_queue(netdev, ring->qid);
	u32 max = ring->max_per_desc, lower = E1000E_TXD_CMD_IFCS, upper = 0;
	unsigned int hdr_len = 0, f, nr_frags, bytes, needed;
	struct e1000e_tx_desc *desc = NULL;
	struct e1000e_tx_buf *first_buf;
	u64 ctx_key = ring->ctx_key;
	u16 first = ring->ntu, i;
	int ctx;

	/* XDP frames share the ring, so it can fill up between two calls:
	 * stop, then look again in case the completion side just made room
	 */
	needed = e1000e_tx_count(skb, max) + 1;
	if (unlikely(e1000e_desc_unused(ring) < needed) &&
	    !netif_txq_maybe_stop(txq, e1000e_desc_unused(ring), needed,
				  needed)) {
		u64_stats_update_begin(&ring->syncp);
		ring->stats.tx.stops++;
		u64_stats_update_end(&ring->syncp);
		/* frames queued before this one with more to come may still
		 * be behind the tail: hand them over, or nothing completes
		 * to wake the queue
		 */
		writel(ring->ntu, ring->tail);
		return NETDEV_TX_BUSY;
	}

	/* TCTL.PSP pads short frames; the MAC needs at least 17 bytes */
	if (skb_put_padto(skb, 17))
		goto out_drop_counted;

	u64_stats_update_begin(&ring->syncp);
	ctx = e1000e_tx_offload(ring, skb, &lower, &upper, &hdr_len, &ctx_key);
	u64_stats_update_end(&ring->syncp);
	if (ctx < 0)
		goto out_drop;

	if (skb_vlan_tag_present(skb)) {
		lower |= E1000E_TXD_CMD_VLE;
		upper |= FIELD_PREP(E1000E_TXD_VLAN, skb_vlan_tag_get(skb));
	}

	i = first;
	if (ctx) {
		ring->tx_buf[i].len = 0;
		i = e1000e_ring_next(ring, i);
	}

	/* linear part, then fragments, each split at the FIFO limit */
	nr_frags = skb_shinfo(skb)->nr_frags;
	for (f = 0; f <= nr_frags; f++) {
		unsigned int len, off = 0;
		dma_addr_t dma;
		bool page;

		if (!f) {
			len = skb_headlen(skb);
			dma = dma_map_single(ring->dev, skb->data, len,
					     DMA_TO_DEVICE);
			page = false;
		} else {
			skb_frag_t *frag = &skb_shinfo(skb)->frags[f - 1];

			len = skb_frag_size(frag);
			dma = skb_frag_dma_map(ring->dev, frag, 0, len,
					       DMA_TO_DEVICE);
			page = true;
		}
		if (dma_mapping_error(ring->dev, dma))
			goto out_unwind;

		ring->tx_buf[i].dma = dma;
		ring->tx_buf[i].len = len;
		ring->tx_buf[i].mapped_page = page;

		while (len) {
			u32 chunk = min(len, max);

			desc = E1000E_TX_DESC(ring, i);
			desc->addr = cpu_to_le64(dma + off);
			desc->lower = cpu_to_le32(lower | chunk);
			desc->upper = cpu_to_le32(upper);
			len -= chunk;
			off += chunk;
			i = e1000e_ring_next(ring, i);
			if (len)
				ring->tx_buf[i].len = 0;
		}
	}

	desc->lower |= cpu_to_le32(E1000E_TXD_CMD_EOP | E1000E_TXD_CMD_RS);

	bytes = skb->len;
	first_buf = &ring->tx_buf[first];
	first_buf->segs = 1;
	if (skb_is_gso(skb)) {
		first_buf->segs = skb_shinfo(skb)->gso_segs;
		bytes += (first_buf->segs - 1) * hdr_len;
	}
	first_buf->bytes = bytes;
	first_buf->eop = i ? i - 1 : ring->count - 1;
	first_buf->skb = skb;
	first_buf->type = E1000E_TX_SKB;
	skb_tx_timestamp(skb);

	/* publish the slots to the completion side */
	smp_store_release(&ring->ntu, i);
	ring->ctx_key = ctx_key;

	netif_txq_maybe_stop(txq, e1000e_desc_unused(ring),
			     E1000E_TX_DESC_NEEDED, E1000E_TX_WAKE_THRESH);

	if (__netdev_tx_sent_queue(txq, bytes, netdev_xmit_more()))
		writel(i, ring->tail);
	return NETDEV_TX_OK;

out_unwind:
	e1000e_tx_unwind(ring, first, i);
out_drop:
	dev_kfree_skb_any(skb);
out_drop_counted:
	u64_stats_update_begin(&ring->syncp);
	ring->stats.tx.drops++;
	u64_stats_update_end(&ring->syncp);
	/* a context descriptor may be left unsent past ntu; frames queued
	 * before this one with more to come wait behind the tail for it
	 */
	if (!netdev_xmit_more())
		writel(ring->ntu, ring->tail);
	return NETDEV_TX_OK;
}

static void e1000e_tx_complete(struct e1000e_ring *ring,
			       struct e1000e_tx_buf *first, int budget)
{
	switch (first->type) {
	case E1000E_TX_SKB:
		napi_consume_skb(first->skb, budget);
		break;
	case E1000E_TX_XDP_TX:
		/* same NAPI as the RX ring the page came from */
		page_pool_put_full_page(ring->qv->rx->pp, first->page,
					budget != 0);
		break;
	case E1000E_TX_XDP_XMIT:
		xdp_return_frame(first->frame);
		break;
	case E1000E_TX_XSK:
		/* told to the pool in one call after the poll */
		ring->xsk_done += 1 + first->xsk_extra;
		ring->xsk_pending--;
		break;
	}
	first->type = E1000E_TX_NONE;
	first->skb = NULL;
}

/**
 * e1000e_clean_tx - reclaim the descriptors the device has sent
 * @ring: TX ring, in its NAPI poll or with that NAPI disabled
 * @budget: NAPI budget, 0 outside NAPI
 *
 * Completed AF_XDP frames are only counted in ring->xsk_done.
 */
void e1000e_clean_tx(struct e1000e_ring *ring, int budget)
{
	struct netdev_queue *txq = netdev_get_tx_queue(ring->netdev, ring->qid);
	unsigned int pkts = 0, bytes = 0, skb_pkts = 0, skb_bytes = 0;
	u16 i = ring->ntc;
	u16 ntu;

	/* pairs with the release in e1000e_xmit() and the XDP senders:
	 * slots before ntu are completely written
	 */
	ntu = smp_load_acquire(&ring->ntu);

	while (i != ntu) {
		struct e1000e_tx_buf *first = &ring->tx_buf[i];
		u16 eop = first->eop;

		if (first->type == E1000E_TX_NONE)
			break;
		if (!(le32_to_cpu(E1000E_TX_DESC(ring, eop)->upper) &
		      E1000E_TXD_STAT_DD))
			break;
		/* read the rest only after seeing DD */
		dma_rmb();

		pkts += first->segs;
		bytes += first->bytes;
		/* BQL accounts for the stack's packets only */
		if (first->type == E1000E_TX_SKB) {
			skb_pkts += first->segs;
			skb_bytes += first->bytes;
		}
		for (;;) {
			e1000e_unmap_tx(ring, &ring->tx_buf[i]);
			if (i == eop)
				break;
			i = e1000e_ring_next(ring, i);
		}
		i = e1000e_ring_next(ring, i);
		e1000e_tx_complete(ring, first, budget);
	}

	if (!pkts)
		return;

	WRITE_ONCE(ring->ntc, i);
	u64_stats_update_begin(&ring->syncp);
	ring->stats.packets += pkts;
	ring->stats.bytes += bytes;
	u64_stats_update_end(&ring->syncp);

	/* BQL's completion has a barrier ordering ntc before the stopped
	 * test below; pairs with netif_txq_maybe_stop() in e1000e_xmit()
	 */
	if (skb_pkts) {
		netdev_tx_completed_queue(txq, skb_pkts, skb_bytes);
	} else {
		/* only XDP frames completed: the same ordering, without BQL */
		smp_mb();
	}

	if (unlikely(netif_tx_queue_stopped(txq)) &&
	    e1000e_desc_unused(ring) >= E1000E_TX_WAKE_THRESH &&
	    !test_bit(E1000E_DOWN, &ring->qv->ad->state)) {
		netif_tx_wake_queue(txq);
		u64_stats_update_begin(&ring->syncp);
		ring->stats.tx.wakes++;
		u64_stats_update_end(&ring->syncp);
	}
}

/* ---- receive ---- */

/* e1000e_refill_rx - give up to @max free descriptors a buffer, from the
 * page pool. Returns how many got one.
 */
static unsigned int e1000e_refill_rx(struct e1000e_ring *ring,
				     unsigned int max)
{
	unsigned int n = min(e1000e_desc_unused(ring), max), done = 0;
	u16 i = ring->ntu;

	while (done < n) {
		union e1000e_rx_desc *desc = E1000E_RX_DESC(ring, i);
		unsigned int off = 0;
		struct page *page;

		if (ring->rx_half) {
			/* the second half of the page split last time */
			page = ring->rx_half;
			off = E1000E_RX_HALF_PAGE;
			ring->rx_half = NULL;
		} else {
			page = page_pool_dev_alloc_pages(ring->pp);
			if (likely(page) && ring->rx_truesize < PAGE_SIZE) {
				/* two buffers, each released on its own */
				page_pool_fragment_page(page, 2);
				ring->rx_half = page;
			}
		}
		if (unlikely(!page)) {
			u64_stats_update_begin(&ring->syncp);
			ring->stats.rx.alloc_fail++;
			u64_stats_update_end(&ring->syncp);
			break;
		}
		ring->rx_buf[i].page = page;
		ring->rx_buf[i].offset = off;
		desc->read.addr = cpu_to_le64(page_pool_get_dma_addr(page) +
					      off + E1000E_RX_HEADROOM);
		desc->read.rsvd = 0;
		i = e1000e_ring_next(ring, i);
		done++;
	}

	if (done) {
		ring->ntu = i;
		/* descriptors visible before the device sees the tail */
		writel(i, ring->tail);
	}
	return done;
}

/**
 * e1000e_rx_csum - checksum state of a received frame from its descriptor
 * @ring: RX ring
 * @skb: the frame
 * @staterr: status and error bits of the last descriptor
 */
void e1000e_rx_csum(struct e1000e_ring *ring, struct sk_buff *skb,
		    u32 staterr)
{
	skb_checksum_none_assert(skb);

	if (!(ring->netdev->features & NETIF_F_RXCSUM) ||
	    (staterr & E1000E_RXD_STAT_IXSM))
		return;

	if (staterr & (E1000E_RXD_ERR_TCPE | E1000E_RXD_ERR_IPE)) {
		ring->stats.rx.csum_err++;
		return;
	}
	if (staterr & (E1000E_RXD_STAT_TCPCS | E1000E_RXD_STAT_UDPCS)) {
		skb->ip_summed = CHECKSUM_UNNECESSARY;
		ring->stats.rx.csum_ok++;
	}
}

/**
 * e1000e_rx_hash - RSS hash of a received frame from its descriptor
 * @ring: RX ring
 * @skb: the frame
 * @desc: the write-back of its last descriptor
 */
void e1000e_rx_hash(struct e1000e_ring *ring, struct sk_buff *skb,
		    const union e1000e_rx_desc *desc)
{
	u32 type = FIELD_GET(E1000E_RXD_MRQ_RSSTYPE, le32_to_cpu(desc->wb.mrq));

	if (!(ring->netdev->features & NETIF_F_RXHASH) ||
	    type == E1000E_RSSTYPE_NONE)
		return;

	skb_set_hash(skb, le32_to_cpu(desc->wb.rss),
		     (type == E1000E_RSSTYPE_TCP_IPV4 ||
		      type == E1000E_RSSTYPE_TCP_IPV6) ?
		     PKT_HASH_TYPE_L4 : PKT_HASH_TYPE_L3);
}

static int e1000e_clean_rx(struct e1000e_ring *ring, int budget)
{
	struct bpf_prog *prog = READ_ONCE(ring->qv->ad->xdp_prog);
	unsigned int pkts = 0, bytes = 0, xdp_res = 0;
	struct napi_struct *napi = &ring->qv->napi;
	struct sk_buff *skb = ring->skb;
	u16 i = ring->ntc;

	u64_stats_update_begin(&ring->syncp);
	while (pkts < budget) {
		union e1000e_rx_desc *desc = E1000E_RX_DESC(ring, i);
		unsigned int off;
		struct page *page;
		unsigned int len;
		u32 staterr;

		/* slots from ntu on hold no buffer, maybe an old write-back */
		if (i == ring->ntu)
			break;
		staterr = le32_to_cpu(desc->wb.status_error);
		if (!(staterr & E1000E_RXD_STAT_DD))
			break;
		/* length and the rest of the write-back after DD */
		dma_rmb();

		len = le16_to_cpu(desc->wb.length);
		page = ring->rx_buf[i].page;
		off = ring->rx_buf[i].offset + E1000E_RX_HEADROOM;
		ring->rx_buf[i].page = NULL;
		page_pool_dma_sync_for_cpu(ring->pp, page, off, len);

		if (!skb && prog &&
		    (staterr & (E1000E_RXD_STAT_EOP | E1000E_RXD_ERR_FRAME)) !=
		    E1000E_RXD_STAT_EOP) {
			/* XDP takes whole frames in one buffer only */
			page_pool_recycle_direct(ring->pp, page);
			ring->stats.rx.drops++;
			skb = ERR_PTR(-E2BIG);
		} else if (!skb) {
			unsigned int hr = E1000E_RX_HEADROOM, meta = 0;
			/* the buffer: headroom, frame, room for shared info */
			void *buf = page_address(page) + off - hr;

			net_prefetch(buf + hr);
			if (prog && e1000e_xdp_rx(ring, prog, page, buf, &hr,
						  &len, &meta, &xdp_res)) {
				/* dropped, sent or redirected */
				i = e1000e_ring_next(ring, i);
				bytes += len;
				pkts++;
				continue;
			}
			skb = napi_build_skb(buf, ring->rx_truesize);
			if (unlikely(!skb)) {
				page_pool_recycle_direct(ring->pp, page);
				ring->stats.rx.drops++;
				skb = ERR_PTR(-ENOMEM);
			} else {
				skb_mark_for_recycle(skb);
				skb_reserve(skb, hr);
				__skb_put(skb, len);
				if (meta)
					skb_metadata_set(skb, meta);
			}
		} else if (IS_ERR(skb)) {
			/* rest of a frame already dropped */
			page_pool_recycle_direct(ring->pp, page);
		} else if (skb_shinfo(skb)->nr_frags >= MAX_SKB_FRAGS) {
			page_pool_recycle_direct(ring->pp, page);
			dev_kfree_skb_any(skb);
			ring->stats.rx.drops++;
			skb = ERR_PTR(-E2BIG);
		} else {
			skb_add_rx_frag(skb, skb_shinfo(skb)->nr_frags, page,
					off, len, ring->rx_truesize);
		}
		i = e1000e_ring_next(ring, i);

		/* a frame spanning descriptors carries over in skb */
		if (!(staterr & E1000E_RXD_STAT_EOP))
			continue;

		if (IS_ERR(skb)) {
			skb = NULL;
			continue;
		}
		if (unlikely(staterr & E1000E_RXD_ERR_FRAME)) {
			dev_kfree_skb_any(skb);
			ring->stats.rx.drops++;
			skb = NULL;
			continue;
		}

		e1000e_rx_csum(ring, skb, staterr);
		e1000e_rx_hash(ring, skb, desc);
		if (staterr & E1000E_RXD_STAT_VP)
			__vlan_hwaccel_put_tag(skb, htons(ETH_P_8021Q),
					       le16_to_cpu(desc->wb.vlan));
		skb_record_rx_queue(skb, ring->qid);
		skb->protocol = eth_type_trans(skb, ring->netdev);
		bytes += skb->len + ETH_HLEN;
		pkts++;
		napi_gro_receive(napi, skb);
		skb = NULL;
	}

	ring->skb = skb;
	ring->ntc = i;

	ring->stats.packets += pkts;
	ring->stats.bytes += bytes;
	u64_stats_update_end(&ring->syncp);

	if (xdp_res)
		e1000e_xdp_rx_done(ring, xdp_res);

	/* one tail write per batch of buffers */
	if (e1000e_desc_unused(ring) >= ring->count / 4)
		e1000e_refill_rx(ring, ring->count);
	return pkts;
}

/**
 * e1000e_clean_rx_ring - give back every buffer of an RX ring
 * @ring: RX ring, its DMA stopped and its NAPI disabled; process context
 */
void e1000e_clean_rx_ring(struct e1000e_ring *ring)
{
	u16 i;

	if (!ring->rx_buf)
		return;
	if (ring->skb && !IS_ERR(ring->skb))
		dev_kfree_skb_any(ring->skb);
	ring->skb = NULL;
	for (i = 0; i < ring->count; i++) {
		if (!ring->rx_buf[i].page)
			continue;
		if (ring->xsk_pool)
			xsk_buff_free(ring->rx_buf[i].xdp);
		else
			page_pool_put_full_page(ring->pp, ring->rx_buf[i].page,
						false);
		ring->rx_buf[i].page = NULL;
		/* a full pool ring unmaps and frees the rest here */
		if (!(i % E1000E_RESCHED_BATCH))
			cond_resched();
	}
	if (ring->rx_half)
		page_pool_put_full_page(ring->pp, ring->rx_half, false);
	ring->rx_half = NULL;
	ring->ntu = 0;
	ring->ntc = 0;
	ring->xsk_skip = false;
	if (ring->desc)
		memset(ring->desc, 0, ring->size);
}

/**
 * e1000e_clean_rings - drop every buffer still owned by the rings
 * @ad: adapter, DMA stopped
 */
void e1000e_clean_rings(struct e1000e_adapter *ad)
{
	u16 q;

	for (q = 0; q < E1000E_MAX_QUEUES; q++) {
		e1000e_clean_tx_ring(&ad->tx_ring[q]);
		e1000e_clean_rx_ring(&ad->rx_ring[q]);
	}
}

/**
 * e1000e_fill_rx_ring - give every free RX descriptor of a ring a buffer
 * @ring: RX ring, empty; process context
 *
 * A ring with an AF_XDP pool takes what the fill queue holds, maybe
 * nothing yet: user space fills it and wakes the queue. A page_pool ring
 * is filled E1000E_RESCHED_BATCH buffers at a time with a chance to
 * reschedule in between: 4096 fresh pages, each mapped, take seconds on
 * a debug kernel behind a strict IOMMU.
 *
 * Return: 0, or -ENOMEM if a page_pool ring got no buffer at all.
 */
int e1000e_fill_rx_ring(struct e1000e_ring *ring)
{
	if (ring->xsk_pool) {
		e1000e_xsk_refill(ring);
		return 0;
	}
	while (e1000e_refill_rx(ring, E1000E_RESCHED_BATCH))
		cond_resched();
	return ring->ntu ? 0 : -ENOMEM;
}

/**
 * e1000e_fill_rx_rings - give every RX descriptor a buffer
 * @ad: adapter
 *
 * Return: 0, or -ENOMEM if a ring got no buffer at all.
 */
int e1000e_fill_rx_rings(struct e1000e_adapter *ad)
{
	int err;
	u16 q;

	for (q = 0; q < ad->num_queues; q++) {
		err = e1000e_fill_rx_ring(&ad->rx_ring[q]);
		if (err)
			return err;
	}
	return 0;
}

/**
 * e1000e_poll - NAPI poll for one queue pair
 * @napi: NAPI context of the vector
 * @budget: RX packets allowed
 *
 * Return: RX packets processed.
 */
int e1000e_poll(struct napi_struct *napi, int budget)
{
	struct e1000e_q_vector *qv = container_of(napi, struct e1000e_q_vector,
						  napi);
	int done = 0;

	/* the one test an AF_XDP zero-copy pair costs the others */
	if (unlikely(qv->rx->xsk_pool))
		return e1000e_xsk_poll(qv, budget);

	e1000e_clean_tx(qv->tx, budget);
	if (budget)
		done = e1000e_clean_rx(qv->rx, budget);

	if (done >= budget)
		return budget;
	return e1000e_poll_complete(qv, done);
}

/**
 * e1000e_poll_complete - end a NAPI poll that did less than its budget
 * @qv: queue vector
 * @done: RX packets processed
 *
 * Return: @done.
 */
int e1000e_poll_complete(struct e1000e_q_vector *qv, int done)
{
	struct napi_struct *napi = &qv->napi;

	if (napi_complete_done(napi, done)) {
		if (qv->ad->adaptive_itr) {
			struct dim_sample s = {};

			dim_update_sample(++qv->dim_events,
					  qv->rx->stats.packets +
					  qv->tx->stats.packets,
					  qv->rx->stats.bytes +
					  qv->tx->stats.bytes, &s);
			net_dim(&qv->dim, s);
		}
		e1000e_irq_enable_vector(qv);
	}
	return done;
}

/* ---- hardware programming ---- */

/**
 * e1000e_configure_tx - program TX rings and enable the transmitter
 * @ad: adapter
 */
void e1000e_configure_tx(struct e1000e_adapter *ad)
{
	struct e1000e_hw *hw = &ad->hw;
	u32 txdctl, tctl, fifo;
	u16 q;

	fifo = (e1000e_rd32(hw, E1000E_PBA) >> 16) << 10;
	fifo = fifo > 4096 + 96 ? min(fifo - 96, 24U << 10) : 4096;
	ad->tx_max_per_desc = fifo;

	txdctl = E1000E_TXDCTL_GRAN | E1000E_TXDCTL_COUNT_DESC |
		 FIELD_PREP(E1000E_TXDCTL_WTHRESH, 1) |
		 FIELD_PREP(E1000E_TXDCTL_HTHRESH, 1) |
		 FIELD_PREP(E1000E_TXDCTL_PTHRESH, 0x1f);

	for (q = 0; q < E1000E_MAX_QUEUES; q++) {
		struct e1000e_ring *ring = &ad->tx_ring[q];
		bool used = q < ad->num_queues;
		u64 dma = used ? ring->dma : 0;

		e1000e_wr32(hw, E1000E_TDBAL(q), lower_32_bits(dma));
		e1000e_wr32(hw, E1000E_TDBAH(q), upper_32_bits(dma));
		e1000e_wr32(hw, E1000E_TDLEN(q), used ?
			    ring->count * sizeof(struct e1000e_tx_desc) : 0);
		e1000e_wr32(hw, E1000E_TDH(q), 0);
		e1000e_wr32(hw, E1000E_TDT(q), 0);
		/* erratum: both queues need the same TXDCTL */
		e1000e_wr32(hw, E1000E_TXDCTL(q), txdctl);
		if (used) {
			ring->tail = hw->hw_addr + E1000E_TDT(q);
			ring->max_per_desc = fifo;
		}
	}

	e1000e_wr32(hw, E1000E_TIDV, 8);
	e1000e_wr32(hw, E1000E_TADV, 32);
	e1000e_wr32(hw, E1000E_TIPG, FIELD_PREP(E1000E_TIPG_IPGT, 8) |
		    FIELD_PREP(E1000E_TIPG_IPGR1, 8) |
		    FIELD_PREP(E1000E_TIPG_IPGR2, 6));

	tctl = e1000e_rd32(hw, E1000E_TCTL);
	tctl &= ~E1000E_TCTL_CT;
	tctl |= E1000E_TCTL_EN | E1000E_TCTL_PSP | E1000E_TCTL_RTLC |
		FIELD_PREP(E1000E_TCTL_CT, 15);
	if (!(tctl & E1000E_TCTL_COLD))
		tctl |= FIELD_PREP(E1000E_TCTL_COLD, 63);
	e1000e_wr32(hw, E1000E_TCTL, tctl);
	e1000e_flush(hw);
}

/**
 * e1000e_configure_rx - program RX rings, offloads and RSS; RX stays off
 * @ad: adapter
 */
void e1000e_configure_rx(struct e1000e_adapter *ad)
{
	struct e1000e_hw *hw = &ad->hw;
	u32 rxcsum, rfctl;
	u16 q;

	e1000e_wr32(hw, E1000E_RCTL, ad->rctl & ~E1000E_RCTL_EN);
	e1000e_flush(hw);
	usleep_range(1000, 2000);

	for (q = 0; q < E1000E_MAX_QUEUES; q++) {
		struct e1000e_ring *ring = &ad->rx_ring[q];
		bool used = q < ad->num_queues;
		u64 dma = used ? ring->dma : 0;

		e1000e_wr32(hw, E1000E_RDBAL(q), lower_32_bits(dma));
		e1000e_wr32(hw, E1000E_RDBAH(q), upper_32_bits(dma));
		e1000e_wr32(hw, E1000E_RDLEN(q), used ?
			    ring->count * sizeof(union e1000e_rx_desc) : 0);
		e1000e_wr32(hw, E1000E_RDH(q), 0);
		e1000e_wr32(hw, E1000E_RDT(q), 0);
		if (used)
			ring->tail = hw->hw_addr + E1000E_RDT(q);
	}

	/* no packet timers: moderation comes from (E)ITR */
	e1000e_wr32(hw, E1000E_RDTR, 0);
	e1000e_wr32(hw, E1000E_RADV, 0);

	rfctl = e1000e_rd32(hw, E1000E_RFCTL);
	rfctl |= E1000E_RFCTL_EXTEN;
	/* spurious ACK interrupts on the 82574 in MSI-X mode */
	if (ad->irq_mode == E1000E_IRQ_MSIX)
		rfctl |= E1000E_RFCTL_ACK_DIS;
	e1000e_wr32(hw, E1000E_RFCTL, rfctl);

	/* PCSD: the descriptor carries the RSS hash, not a packet checksum */
	rxcsum = E1000E_RXCSUM_PCSD;
	if (ad->netdev->features & NETIF_F_RXCSUM)
		rxcsum |= E1000E_RXCSUM_IPOFL | E1000E_RXCSUM_TUOFL;
	e1000e_wr32(hw, E1000E_RXCSUM, rxcsum);

	e1000e_rss_write(ad);
}
