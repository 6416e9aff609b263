// SPDX-License-Identifier: GPL-2.0
/* Intel PRO/1000 PCIe: net_device operations and the control path */

#include <linux/etherdevice.h>
#include <linux/if_vlan.h>
#include <linux/interrupt.h>
#include <linux/rtnetlink.h>
#include <net/netdev_queues.h>
#include <net/sock.h>

#include "e1000e.h"

#define E1000E_SERVICE_PERIOD	(2 * HZ)
/* a TX queue with work queued and no completion for this long is hung */
#define E1000E_TX_HANG_TIME	HZ
#define E1000E_TX_HANG_RECHECK	(HZ / 4)
/* the TX queues are looked at this often between full service runs */
#define E1000E_TX_WATCH_PERIOD	(HZ / 2)

/* ---- reset and link ---- */

static void e1000e_setup_pba(struct e1000e_adapter *ad)
{
	struct e1000e_hw *hw = &ad->hw;
	u32 pba = ad->fam->rx_pba_kb, tx_kb, min_tx, min_rx, total;

	e1000e_wr32(hw, E1000E_PBA, pba);

	/* jumbo frames: the TX FIFO must hold two of them */
	if (ad->max_frame > VLAN_ETH_FRAME_LEN + ETH_FCS_LEN) {
		total = e1000e_rd32(hw, E1000E_PBA);
		tx_kb = total >> 16;
		pba = total & 0xffff;
		min_tx = ALIGN((ad->max_frame + 16 - ETH_FCS_LEN) * 2, 1024);
		min_tx >>= 10;
		min_rx = ALIGN(ad->max_frame, 1024) >> 10;
		if (tx_kb < min_tx && min_tx - tx_kb < pba) {
			pba -= min_tx - tx_kb;
			pba = max(pba, min_rx);
		}
		e1000e_wr32(hw, E1000E_PBA, pba);
	}

	/* XOFF when there is room for one more frame, XON a bit below */
	hw->mac.fc_high_water = min((pba << 10) * 9 / 10,
				    (pba << 10) - ad->max_frame);
	hw->mac.fc_low_water = hw->mac.fc_high_water - 8;
}

/**
 * e1000e_hw_reset - reset and reinitialize the MAC and start link setup
 * @ad: adapter
 *
 * Return: 0 or a negative error from the hardware layer.
 */
int e1000e_hw_reset(struct e1000e_adapter *ad)
{
	struct e1000e_hw *hw = &ad->hw;
	u32 ctrl;
	int err;

	e1000e_setup_pba(ad);

	err = ad->fam->mac->reset(hw);
	if (err) {
		netdev_err(ad->netdev, "MAC reset failed: %d\n", err);
		return err;
	}

	/* tell manageability firmware the driver owns the device */
	e1000e_wr32(hw, E1000E_CTRL_EXT, e1000e_rd32(hw, E1000E_CTRL_EXT) |
		    E1000E_CTRL_EXT_DRV_LOAD);

	memcpy(hw->addr, ad->netdev->dev_addr, ETH_ALEN);
	err = ad->fam->mac->init(hw);
	if (err)
		netdev_warn(ad->netdev, "link setup failed: %d\n", err);

	ctrl = e1000e_rd32(hw, E1000E_CTRL);
	if (ad->netdev->features & (NETIF_F_HW_VLAN_CTAG_RX |
				    NETIF_F_HW_VLAN_CTAG_TX))
		ctrl |= E1000E_CTRL_VME;
	else
		ctrl &= ~E1000E_CTRL_VME;
	e1000e_wr32(hw, E1000E_CTRL, ctrl);
	e1000e_wr32(hw, E1000E_VET, ETH_P_8021Q);
	return 0;
}

static const char *e1000e_fc_name(enum e1000e_fc_mode m)
{
	switch (m) {
	case E1000E_FC_FULL:
		return "RX/TX";
	case E1000E_FC_RX_PAUSE:
		return "RX";
	case E1000E_FC_TX_PAUSE:
		return "TX";
	default:
		return "None";
	}
}

/**
 * e1000e_check_link - update the carrier from the MAC link state
 * @ad: adapter
 */
void e1000e_check_link(struct e1000e_adapter *ad)
{
	struct net_device *netdev = ad->netdev;
	struct e1000e_hw *hw = &ad->hw;

	if (ad->fam->mac->check_link(hw))
		return;

	if (hw->mac.link_up && !netif_carrier_ok(netdev)) {
		netdev_info(netdev, "NIC Link is Up %u Mbps %s Duplex, Flow Control: %s\n",
			    hw->mac.speed,
			    hw->mac.full_duplex ? "Full" : "Half",
			    e1000e_fc_name(hw->mac.fc_current));
		netif_carrier_on(netdev);
	} else if (!hw->mac.link_up && netif_carrier_ok(netdev)) {
		netdev_info(netdev, "NIC Link is Down\n");
		netif_carrier_off(netdev);
	}
}

/* ---- statistics ---- */

static u64 e1000e_rd64(struct e1000e_hw *hw, u32 lo)
{
	u64 v = e1000e_rd32(hw, lo);

	return v | ((u64)e1000e_rd32(hw, lo + 4) << 32);
}

/**
 * e1000e_update_stats - fold the clear-on-read hardware counters in
 * @ad: adapter
 *
 * Runs from the service task and on the way down, never on the hot path.
 */
void e1000e_update_stats(struct e1000e_adapter *ad)
{
	struct e1000e_hw_stats *s = &ad->hw_stats;
	struct e1000e_hw *hw = &ad->hw;

	if (e1000e_rd32(hw, E1000E_STATUS) == ~0U)
		return;

	spin_lock_bh(&ad->stats_lock);
	s->crcerrs += e1000e_rd32(hw, E1000E_CRCERRS);
	s->algnerrc += e1000e_rd32(hw, E1000E_ALGNERRC);
	s->symerrs += e1000e_rd32(hw, E1000E_SYMERRS);
	s->rxerrc += e1000e_rd32(hw, E1000E_RXERRC);
	s->mpc += e1000e_rd32(hw, E1000E_MPC);
	s->scc += e1000e_rd32(hw, E1000E_SCC);
	s->ecol += e1000e_rd32(hw, E1000E_ECOL);
	s->mcc += e1000e_rd32(hw, E1000E_MCC);
	s->latecol += e1000e_rd32(hw, E1000E_LATECOL);
	s->colc += e1000e_rd32(hw, E1000E_COLC);
	s->dc += e1000e_rd32(hw, E1000E_DC);
	s->tncrs += e1000e_rd32(hw, E1000E_TNCRS);
	s->sec += e1000e_rd32(hw, E1000E_SEC);
	s->cexterr += e1000e_rd32(hw, E1000E_CEXTERR);
	s->rlec += e1000e_rd32(hw, E1000E_RLEC);
	s->xonrxc += e1000e_rd32(hw, E1000E_XONRXC);
	s->xontxc += e1000e_rd32(hw, E1000E_XONTXC);
	s->xoffrxc += e1000e_rd32(hw, E1000E_XOFFRXC);
	s->xofftxc += e1000e_rd32(hw, E1000E_XOFFTXC);
	s->fcruc += e1000e_rd32(hw, E1000E_FCRUC);
	s->gprc += e1000e_rd32(hw, E1000E_GPRC);
	s->bprc += e1000e_rd32(hw, E1000E_BPRC);
	s->mprc += e1000e_rd32(hw, E1000E_MPRC);
	s->gptc += e1000e_rd32(hw, E1000E_GPTC);
	s->gorc += e1000e_rd64(hw, E1000E_GORCL);
	s->gotc += e1000e_rd64(hw, E1000E_GOTCL);
	s->rnbc += e1000e_rd32(hw, E1000E_RNBC);
	s->ruc += e1000e_rd32(hw, E1000E_RUC);
	s->rfc += e1000e_rd32(hw, E1000E_RFC);
	s->roc += e1000e_rd32(hw, E1000E_ROC);
	s->rjc += e1000e_rd32(hw, E1000E_RJC);
	s->tor += e1000e_rd64(hw, E1000E_TORL);
	s->tot += e1000e_rd64(hw, E1000E_TOTL);
	s->tpr += e1000e_rd32(hw, E1000E_TPR);
	s->tpt += e1000e_rd32(hw, E1000E_TPT);
	s->mptc += e1000e_rd32(hw, E1000E_MPTC);
	s->bptc += e1000e_rd32(hw, E1000E_BPTC);
	s->tsctc += e1000e_rd32(hw, E1000E_TSCTC);
	s->tsctfc += e1000e_rd32(hw, E1000E_TSCTFC);
	spin_unlock_bh(&ad->stats_lock);
}

static void e1000e_add_ring_stats(struct e1000e_ring_stats *sum,
				  const struct e1000e_ring_stats *s, bool tx)
{
	sum->packets += s->packets;
	sum->bytes += s->bytes;
	if (tx) {
		sum->tx.csum += s->tx.csum;
		sum->tx.tso += s->tx.tso;
		sum->tx.stops += s->tx.stops;
		sum->tx.wakes += s->tx.wakes;
		sum->tx.drops += s->tx.drops;
		sum->tx.xdp_xmit += s->tx.xdp_xmit;
		sum->tx.xdp_xmit_err += s->tx.xdp_xmit_err;
	} else {
		sum->rx.csum_ok += s->rx.csum_ok;
		sum->rx.csum_err += s->rx.csum_err;
		sum->rx.alloc_fail += s->rx.alloc_fail;
		sum->rx.drops += s->rx.drops;
		sum->rx.xdp_pass += s->rx.xdp_pass;
		sum->rx.xdp_drop += s->rx.xdp_drop;
		sum->rx.xdp_tx += s->rx.xdp_tx;
		sum->rx.xdp_redirect += s->rx.xdp_redirect;
		sum->rx.xdp_aborted += s->rx.xdp_aborted;
	}
}

/* Rings are about to lose their counters (down): keep the totals. */
static void e1000e_fold_ring_stats(struct e1000e_adapter *ad)
{
	u16 q;

	spin_lock_bh(&ad->stats_lock);
	for (q = 0; q < E1000E_MAX_QUEUES; q++) {
		struct e1000e_ring *tx = &ad->tx_ring[q], *rx = &ad->rx_ring[q];

		e1000e_add_ring_stats(&ad->base_tx, &tx->stats, true);
		e1000e_add_ring_stats(&ad->base_rx, &rx->stats, false);
		memset(&tx->stats, 0, sizeof(tx->stats));
		memset(&rx->stats, 0, sizeof(rx->stats));
	}
	spin_unlock_bh(&ad->stats_lock);
}

/**
 * e1000e_get_stats64 - ndo_get_stats64: ring and hardware error counters
 * @netdev: device
 * @st: statistics to fill
 */
static void e1000e_get_stats64(struct net_device *netdev,
			       struct rtnl_link_stats64 *st)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);
	struct e1000e_ring_stats tx, rx, s;
	struct e1000e_hw_stats *h = &ad->hw_stats;
	u16 q;

	spin_lock_bh(&ad->stats_lock);
	tx = ad->base_tx;
	rx = ad->base_rx;
	for (q = 0; q < E1000E_MAX_QUEUES; q++) {
		e1000e_ring_stats_read(&ad->tx_ring[q], &s);
		e1000e_add_ring_stats(&tx, &s, true);
		e1000e_ring_stats_read(&ad->rx_ring[q], &s);
		e1000e_add_ring_stats(&rx, &s, false);
	}

	st->rx_packets = rx.packets;
	st->rx_bytes = rx.bytes;
	st->tx_packets = tx.packets;
	st->tx_bytes = tx.bytes;
	st->rx_dropped = rx.rx.drops;
	st->tx_dropped = tx.tx.drops;
	st->multicast = h->mprc;
	st->collisions = h->colc;
	st->rx_length_errors = h->ruc + h->roc;
	st->rx_crc_errors = h->crcerrs;
	st->rx_frame_errors = h->algnerrc;
	st->rx_missed_errors = h->mpc;
	st->rx_errors = h->rxerrc + h->crcerrs + h->algnerrc + h->ruc +
			h->roc + h->cexterr;
	st->tx_aborted_errors = h->ecol;
	st->tx_window_errors = h->latecol;
	st->tx_carrier_errors = h->tncrs;
	st->tx_errors = h->ecol + h->latecol;
	spin_unlock_bh(&ad->stats_lock);
}

/**
 * e1000e_get_queue_stats_rx - netdev_stat_ops: counters of one RX queue
 * @netdev: device
 * @idx: queue index
 * @st: statistics to fill
 */
static void e1000e_get_queue_stats_rx(struct net_device *netdev, int idx,
				      struct netdev_queue_stats_rx *st)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);
	struct e1000e_ring_stats s;

	e1000e_ring_stats_read(&ad->rx_ring[idx], &s);
	st->packets = s.packets;
	st->bytes = s.bytes;
	st->alloc_fail = s.rx.alloc_fail;
	st->csum_unnecessary = s.rx.csum_ok;
	st->csum_bad = s.rx.csum_err;
}

/**
 * e1000e_get_queue_stats_tx - netdev_stat_ops: counters of one TX queue
 * @netdev: device
 * @idx: queue index
 * @st: statistics to fill
 */
static void e1000e_get_queue_stats_tx(struct net_device *netdev, int idx,
				      struct netdev_queue_stats_tx *st)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);
	struct e1000e_ring_stats s;

	e1000e_ring_stats_read(&ad->tx_ring[idx], &s);
	st->packets = s.packets;
	st->bytes = s.bytes;
	st->needs_csum = s.tx.csum;
	st->hw_gso_packets = s.tx.tso;
	st->stop = s.tx.stops;
	st->wake = s.tx.wakes;
}

/**
 * e1000e_get_base_stats - netdev_stat_ops: totals not held by an active queue
 * @netdev: device
 * @rx: RX totals
 * @tx: TX totals
 */
static void e1000e_get_base_stats(struct net_device *netdev,
				  struct netdev_queue_stats_rx *rx,
				  struct netdev_queue_stats_tx *tx)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);
	struct e1000e_ring_stats brx, btx, s;
	u16 q;

	spin_lock_bh(&ad->stats_lock);
	brx = ad->base_rx;
	btx = ad->base_tx;
	/* rings beyond the active ones still count towards the totals */
	for (q = netdev->real_num_rx_queues; q < E1000E_MAX_QUEUES; q++) {
		e1000e_ring_stats_read(&ad->rx_ring[q], &s);
		e1000e_add_ring_stats(&brx, &s, false);
	}
	for (q = netdev->real_num_tx_queues; q < E1000E_MAX_QUEUES; q++) {
		e1000e_ring_stats_read(&ad->tx_ring[q], &s);
		e1000e_add_ring_stats(&btx, &s, true);
	}
	spin_unlock_bh(&ad->stats_lock);

	rx->packets = brx.packets;
	rx->bytes = brx.bytes;
	rx->alloc_fail = brx.rx.alloc_fail;
	rx->csum_unnecessary = brx.rx.csum_ok;
	rx->csum_bad = brx.rx.csum_err;
	tx->packets = btx.packets;
	tx->bytes = btx.bytes;
	tx->needs_csum = btx.tx.csum;
	tx->hw_gso_packets = btx.tx.tso;
	tx->stop = btx.tx.stops;
	tx->wake = btx.tx.wakes;
}

static const struct netdev_stat_ops e1000e_stat_ops = {
	.get_queue_stats_rx	= e1000e_get_queue_stats_rx,
	.get_queue_stats_tx	= e1000e_get_queue_stats_tx,
	.get_base_stats		= e1000e_get_base_stats,
};

/* ---- receive filters and RSS ---- */

static u32 e1000e_rctl_base(struct e1000e_adapter *ad)
{
	u32 rctl = E1000E_RCTL_BAM | E1000E_RCTL_SECRC |
		   FIELD_PREP(E1000E_RCTL_BSIZE, 0);

	if (ad->netdev->mtu > ETH_DATA_LEN)
		rctl |= E1000E_RCTL_LPE;
	return rctl;
}

/**
 * e1000e_set_rx_mode - ndo_set_rx_mode: unicast, multicast and VLAN filters
 * @netdev: device
 */
void e1000e_set_rx_mode(struct net_device *netdev)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);
	struct e1000e_hw *hw = &ad->hw;
	static const u8 zero[ETH_ALEN];
	u32 mta[E1000E_MTA_SIZE] = {};
	u32 rctl = e1000e_rctl_base(ad);
	struct netdev_hw_addr *ha;
	u32 i, idx = 1;

	if (netdev->flags & IFF_PROMISC) {
		rctl |= E1000E_RCTL_UPE | E1000E_RCTL_MPE;
	} else {
		if (netdev->flags & IFF_ALLMULTI)
			rctl |= E1000E_RCTL_MPE;
		if (netdev->features & NETIF_F_HW_VLAN_CTAG_FILTER)
			rctl |= E1000E_RCTL_VFE;
	}

	/* extra unicast addresses in RAR[1..15], else promiscuous */
	if (netdev_uc_count(netdev) > E1000E_RAR_ENTRIES - 1) {
		rctl |= E1000E_RCTL_UPE;
	} else {
		netdev_for_each_uc_addr(ha, netdev)
			e1000e_mac_rar_set(hw, ha->addr, idx++);
	}
	for (; idx < E1000E_RAR_ENTRIES; idx++)
		e1000e_mac_rar_set(hw, zero, idx);

	netdev_for_each_mc_addr(ha, netdev) {
		u32 h = e1000e_mac_hash_mc(ha->addr);

		mta[h >> 5] |= BIT(h & 31);
	}
	for (i = 0; i < E1000E_MTA_SIZE; i++)
		e1000e_wr32(hw, E1000E_MTA(i), mta[i]);

	ad->rctl = rctl;
	/* an AF_XDP pool change holds RX off under this same address lock */
	if (!test_bit(E1000E_DOWN, &ad->state) &&
	    !test_bit(E1000E_RX_PAUSED, &ad->state))
		rctl |= E1000E_RCTL_EN;
	e1000e_wr32(hw, E1000E_RCTL, rctl);
}

/**
 * e1000e_rss_init - default key and an even indirection table
 * @ad: adapter
 */
void e1000e_rss_init(struct e1000e_adapter *ad)
{
	netdev_rss_key_fill(ad->rss_key, sizeof(ad->rss_key));
	ad->reta_user = false;
}

/**
 * e1000e_rss_write - program key, indirection table and hash fields
 * @ad: adapter
 *
 * The indirection table spreads over the active queues unless the user
 * set one. RSS stays on with one queue so the hash still reaches skbs.
 */
void e1000e_rss_write(struct e1000e_adapter *ad)
{
	struct e1000e_hw *hw = &ad->hw;
	u32 i, mrqc = 0;

	if (!(ad->fam->flags & E1000E_FAM_RSS))
		return;

	for (i = 0; i < E1000E_RETA_ENTRIES && !ad->reta_user; i++)
		ad->reta[i] = ethtool_rxfh_indir_default(i, ad->num_queues);

	for (i = 0; i < E1000E_RSS_KEY_SIZE / 4; i++)
		e1000e_wr32(hw, E1000E_RSSRK(i), ad->rss_key[i]);
	for (i = 0; i < E1000E_RETA_ENTRIES; i += 4) {
		u32 v = 0, j;

		for (j = 0; j < 4; j++)
			if (ad->reta[i + j] == 1 && ad->num_queues > 1)
				v |= E1000E_RETA_QUEUE << (8 * j);
		e1000e_wr32(hw, E1000E_RETA(i / 4), v);
	}

	if (ad->netdev->features & NETIF_F_RXHASH || ad->num_queues > 1)
		mrqc = E1000E_MRQC_RSS_EN | E1000E_MRQC_IPV4 |
		       E1000E_MRQC_TCP_IPV4 | E1000E_MRQC_IPV6 |
		       E1000E_MRQC_TCP_IPV6 | E1000E_MRQC_TCP_IPV6_EX;
	e1000e_wr32(hw, E1000E_MRQC, mrqc);
}

/* ---- up / down ---- */

static void e1000e_napi_link(struct e1000e_adapter *ad, bool on)
{
	u16 q;

	for (q = 0; q < ad->num_queues; q++) {
		struct napi_struct *napi = on ? &ad->qv[q].napi : NULL;

		netif_queue_set_napi(ad->netdev, q, NETDEV_QUEUE_TYPE_RX, napi);
		netif_queue_set_napi(ad->netdev, q, NETDEV_QUEUE_TYPE_TX, napi);
	}
}

/* e1000e_attach_stopped - make a device that a restart (or suspend)
 * detached present again after e1000e_up() failed: ethtool and ip
 * refuse a device that is not present, and the user retries from there.
 * Its rings are gone, so its queues must stay stopped:
 * netif_device_attach() wakes them, and the TX lock holds them frozen
 * until they are stopped again, so no transmit starts in between.
 */
static void e1000e_attach_stopped(struct net_device *netdev)
{
	netif_tx_lock_bh(netdev);
	netif_device_attach(netdev);
	netif_tx_stop_all_queues(netdev);
	netif_tx_unlock_bh(netdev);
}

/* __e1000e_up - program the device and start traffic, allocating the
 * rings and registering NAPI first unless @rings_kept says the matching
 * __e1000e_down() kept them. On error everything is released.
 */
static int __e1000e_up(struct e1000e_adapter *ad, bool rings_kept)
{
	struct net_device *netdev = ad->netdev;
	int err;
	u16 q;

	ad->max_frame = netdev->mtu + ETH_HLEN + VLAN_HLEN + ETH_FCS_LEN;

	if (!rings_kept) {
		err = netif_set_real_num_tx_queues(netdev, ad->num_queues);
		if (!err)
			err = netif_set_real_num_rx_queues(netdev,
							   ad->num_queues);
		if (err)
			return err;

		for (q = 0; q < ad->num_queues; q++)
			netif_napi_add(netdev, &ad->qv[q].napi, e1000e_poll);

		err = e1000e_alloc_rings(ad);
		if (err)
			goto err_napi;
	}
	for (q = 0; q < ad->num_queues; q++)
		e1000e_dim_init(&ad->qv[q]);

	err = e1000e_hw_reset(ad);
	if (err)
		goto err_rings;

	e1000e_irq_configure(ad);
	e1000e_configure_tx(ad);
	e1000e_configure_rx(ad);
	e1000e_set_rx_mode(netdev);
	for (q = 0; q < E1000E_VFTA_SIZE; q++)
		e1000e_wr32(&ad->hw, E1000E_VFTA(q), ad->vfta[q]);

	err = e1000e_irq_request(ad);
	if (err)
		goto err_reset;

	err = e1000e_fill_rx_rings(ad);
	if (err)
		goto err_irq;

	clear_bit(E1000E_DOWN, &ad->state);
	e1000e_wr32(&ad->hw, E1000E_RCTL, ad->rctl | E1000E_RCTL_EN);

	for (q = 0; q < ad->num_queues; q++)
		napi_enable(&ad->qv[q].napi);
	e1000e_napi_link(ad, true);
	e1000e_irq_enable(ad);
	netif_tx_start_all_queues(netdev);
	/* present again after a restart (a no-op on open) */
	netif_device_attach(netdev);
	/* a restart that kept the carrier kept the qdisc and its backlog */
	if (netif_carrier_ok(netdev))
		netif_tx_schedule_all(netdev);

	ad->hw.mac.link_up = false;
	WRITE_ONCE(ad->service_due, jiffies);
	mod_delayed_work(system_wq, &ad->service_task, 0);
	return 0;

err_irq:
	e1000e_irq_free(ad);
err_reset:
	ad->fam->mac->reset(&ad->hw);
	e1000e_clean_rings(ad);
err_rings:
	e1000e_free_rings(ad);
err_napi:
	for (q = 0; q < ad->num_queues; q++)
		netif_napi_del(&ad->qv[q].napi);
	netif_carrier_off(netdev);
	if (!netif_device_present(netdev))
		e1000e_attach_stopped(netdev);
	return err;
}

/**
 * e1000e_up - allocate rings, program the device and start traffic
 * @ad: adapter, under RTNL
 *
 * Return: 0 or a negative error; on error everything is released.
 */
int e1000e_up(struct e1000e_adapter *ad)
{
	return __e1000e_up(ad, false);
}

/* __e1000e_down - stop traffic and reset the device. @carrier_off: drop
 * the carrier (else detach the device for a restart that keeps it).
 * @keep_rings: give every buffer back but keep the descriptor rings,
 * page pools and NAPI instances for a restart with the same geometry.
 */
static void __e1000e_down(struct e1000e_adapter *ad, bool carrier_off,
			  bool keep_rings)
{
	struct net_device *netdev = ad->netdev;
	struct e1000e_hw *hw = &ad->hw;
	u16 q;

	if (test_and_set_bit(E1000E_DOWN, &ad->state))
		return;

	/* A restart keeps the carrier, and with it the stack's TX watchdog,
	 * which takes a queue stopped for over 5 s with nothing sent for as
	 * long for a hung one. A queue idle before the restart, or a restart
	 * slowed to seconds (a debug kernel spends that much on each ring's
	 * pages), would trip it: detach the device, which the watchdog
	 * skips, until e1000e_up() is done.
	 */
	if (carrier_off)
		netif_carrier_off(netdev);
	else
		netif_device_detach(netdev);
	netif_tx_disable(netdev);

	e1000e_wr32(hw, E1000E_RCTL, ad->rctl & ~E1000E_RCTL_EN);
	e1000e_wr32(hw, E1000E_TCTL,
		    e1000e_rd32(hw, E1000E_TCTL) & ~E1000E_TCTL_EN);
	e1000e_flush(hw);
	usleep_range(10000, 11000);

	e1000e_irq_disable(ad);
	e1000e_napi_link(ad, false);
	for (q = 0; q < ad->num_queues; q++) {
		napi_disable(&ad->qv[q].napi);
		cancel_work_sync(&ad->qv[q].dim.work);
	}
	/* A poll that ran before napi_disable() tests the queue's stop bit
	 * and E1000E_DOWN with no read barrier between them; where loads may
	 * pass each other it could wake a queue stopped above. With NAPI off
	 * nothing wakes one: stop them again, waiting out any transmit still
	 * running, before the rings go.
	 */
	netif_tx_disable(netdev);
	e1000e_irq_free(ad);
	if (!keep_rings)
		for (q = 0; q < ad->num_queues; q++)
			netif_napi_del(&ad->qv[q].napi);

	cancel_delayed_work_sync(&ad->service_task);
	e1000e_update_stats(ad);

	ad->fam->mac->reset(hw);
	e1000e_wr32(hw, E1000E_CTRL_EXT, e1000e_rd32(hw, E1000E_CTRL_EXT) &
		    ~E1000E_CTRL_EXT_DRV_LOAD);

	e1000e_clean_rings(ad);
	/* kept rings keep their counters too */
	if (!keep_rings) {
		e1000e_fold_ring_stats(ad);
		e1000e_free_rings(ad);
	}
}

/**
 * e1000e_down - stop traffic, reset the device and free the rings
 * @ad: adapter, under RTNL
 */
void e1000e_down(struct e1000e_adapter *ad)
{
	__e1000e_down(ad, true, false);
}

/**
 * e1000e_down_restart - e1000e_down() for a restart that follows at once
 * @ad: adapter, under RTNL
 *
 * Keeps the carrier: the PHY keeps its link across the MAC reset unless
 * the restart changes link settings, in which case the link check after
 * e1000e_up() reports the drop. The stack's queues are stopped meanwhile,
 * so its qdisc backlog and neighbour entries survive, and traffic resumes
 * as soon as e1000e_up() starts the queues; a failed e1000e_up() turns
 * the carrier off.
 */
void e1000e_down_restart(struct e1000e_adapter *ad)
{
	__e1000e_down(ad, false, false);
}

/**
 * e1000e_reconfigure - restart a running device to apply new settings
 * @ad: adapter, under RTNL
 *
 * Return: 0 or the error of e1000e_up().
 */
int e1000e_reconfigure(struct e1000e_adapter *ad)
{
	if (!netif_running(ad->netdev))
		return 0;
	e1000e_down_restart(ad);
	return e1000e_up(ad);
}

enum e1000e_tx_health {
	E1000E_TX_OK,		/* idle, paused by XOFF, or completing */
	E1000E_TX_WATCH,	/* work queued: look again soon */
	E1000E_TX_HUNG,		/* work queued, no completion for a while */
};

/* e1000e_tx_health - one look at a TX ring from the service task. A ring
 * with work queued is watched from a full service run on; when a later
 * look sees no completion, the queue's NAPI is kicked once (a lost
 * interrupt looks the same at first), and after E1000E_TX_HANG_TIME
 * without completions the ring is hung. XOFF from the link partner
 * pauses the transmitter legitimately.
 */
static enum e1000e_tx_health e1000e_tx_health(struct e1000e_ring *ring,
					      bool txoff, bool full)
{
	u16 ntc = READ_ONCE(ring->ntc), ntu = READ_ONCE(ring->ntu);

	if (ntc == ntu || txoff) {
		ring->stalled = false;
		return E1000E_TX_OK;
	}
	if (!ring->stalled || ntc != ring->stall_ntc) {
		ring->stalled = true;
		ring->stall_kicked = false;
		ring->stall_ntc = ntc;
		ring->stall_since = jiffies;
		return full ? E1000E_TX_WATCH : E1000E_TX_OK;
	}
	if (time_after_eq(jiffies, ring->stall_since + E1000E_TX_HANG_TIME))
		return E1000E_TX_HUNG;
	if (!ring->stall_kicked) {
		ring->stall_kicked = true;
		napi_schedule(&ring->qv->napi);
	}
	return E1000E_TX_WATCH;
}

/* e1000e_tx_hang_check - find hung TX queues, reset the device for them.
 * Return: true when a queue is watched and a recheck is due soon.
 */
static bool e1000e_tx_hang_check(struct e1000e_adapter *ad, bool full)
{
	struct e1000e_hw *hw = &ad->hw;
	bool watch = false, txoff;
	unsigned int ms;
	u16 q;

	if (!netif_carrier_ok(ad->netdev)) {
		/* no link, no transmission: start over when it comes back */
		for (q = 0; q < ad->num_queues; q++)
			ad->tx_ring[q].stalled = false;
		return false;
	}
	txoff = e1000e_rd32(hw, E1000E_STATUS) & E1000E_STATUS_TXOFF;
	for (q = 0; q < ad->num_queues; q++) {
		struct e1000e_ring *ring = &ad->tx_ring[q];

		switch (e1000e_tx_health(ring, txoff, full)) {
		case E1000E_TX_OK:
			break;
		case E1000E_TX_WATCH:
			watch = true;
			break;
		case E1000E_TX_HUNG:
			ad->tx_hangs++;
			ms = jiffies_to_msecs(jiffies - ring->stall_since);
			netdev_err(ad->netdev, "TX queue %u hung for %u ms: ntu %u ntc %u TDH %u TDT %u TCTL %#x, resetting\n",
				   q, ms,
				   ring->ntu, ring->ntc,
				   e1000e_rd32(hw, E1000E_TDH(q)),
				   e1000e_rd32(hw, E1000E_TDT(q)),
				   e1000e_rd32(hw, E1000E_TCTL));
			ring->stalled = false;
			schedule_work(&ad->reset_task);
			return false;
		}
	}
	return watch;
}

/**
 * e1000e_service_task - periodic work: link, hardware counters, RX kick,
 * TX hang check
 * @work: work item
 *
 * Runs every E1000E_SERVICE_PERIOD, in between every E1000E_TX_WATCH_PERIOD,
 * and every E1000E_TX_HANG_RECHECK while a TX queue has work queued and no
 * completions; those quick runs only check the TX queues, so a stall is
 * seen within E1000E_TX_WATCH_PERIOD and reset E1000E_TX_HANG_TIME later.
 */
static void e1000e_service_task(struct work_struct *work)
{
	struct e1000e_adapter *ad = container_of(to_delayed_work(work),
						 struct e1000e_adapter,
						 service_task);
	long due;
	bool full;
	u16 q;

	if (test_bit(E1000E_DOWN, &ad->state))
		return;

	full = time_after_eq(jiffies, READ_ONCE(ad->service_due));
	if (full) {
		WRITE_ONCE(ad->service_due, jiffies + E1000E_SERVICE_PERIOD);
		e1000e_check_link(ad);
		e1000e_update_stats(ad);

		/* an RX ring left without buffers raises no RX interrupt */
		for (q = 0; q < ad->num_queues; q++)
			if (ad->rx_ring[q].ntu == ad->rx_ring[q].ntc)
				napi_schedule(&ad->qv[q].napi);
	}

	due = min_t(long, READ_ONCE(ad->service_due) - jiffies,
		    E1000E_TX_WATCH_PERIOD);
	if (e1000e_tx_hang_check(ad, full))
		due = min_t(long, due, E1000E_TX_HANG_RECHECK);
	if (due <= 0)
		due = 1;
	schedule_delayed_work(&ad->service_task, due);
}

/* e1000e_restart_in_place - reset the device and start it again with
 * the rings, page pools and NAPI instances it has: a restart for the
 * same configuration. RX buffers go back to their pools, still mapped,
 * and come out of them again; the carrier stays on (as for
 * e1000e_down_restart()).
 */
static int e1000e_restart_in_place(struct e1000e_adapter *ad)
{
	/* a restart that failed earlier left no rings: start from scratch */
	if (test_bit(E1000E_DOWN, &ad->state))
		return e1000e_up(ad);
	__e1000e_down(ad, false, true);
	return __e1000e_up(ad, true);
}

/**
 * e1000e_reset_task - work: restart the device after a TX timeout
 * @work: work item
 *
 * The configuration is unchanged, so the restart keeps the rings: the
 * stack waits with its queues stopped meanwhile, and destroying the page
 * pools and filling new ones with fresh pages is most of what a full
 * restart costs (on a debug kernel behind a strict IOMMU, 1.4 to 1.8 s
 * of 1.6 to 1.9 s; in place 0.15 s).
 */
static void e1000e_reset_task(struct work_struct *work)
{
	struct e1000e_adapter *ad = container_of(work, struct e1000e_adapter,
						 reset_task);
	int err;

	rtnl_lock();
	if (netif_running(ad->netdev) &&
	    !test_bit(E1000E_REMOVING, &ad->state)) {
		ad->resets++;
		err = e1000e_restart_in_place(ad);
		if (err)
			netdev_err(ad->netdev, "reset failed: %d\n", err);
	}
	rtnl_unlock();
}

/* ---- ndo ops ---- */

/**
 * e1000e_open - ndo_open: bring the interface up
 * @netdev: device
 *
 * Return: 0 or a negative error.
 */
static int e1000e_open(struct net_device *netdev)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);

	netif_carrier_off(netdev);
	return e1000e_up(ad);
}

/**
 * e1000e_stop - ndo_stop: take the interface down
 * @netdev: device
 *
 * Return: 0 or a negative error.
 */
static int e1000e_stop(struct net_device *netdev)
{
	e1000e_down(e1000e_netdev_priv(netdev));
	return 0;
}

/**
 * e1000e_set_mac - ndo_set_mac_address: program receive address 0
 * @netdev: device
 * @p: struct sockaddr with the new address
 *
 * Return: 0 or a negative error.
 */
static int e1000e_set_mac(struct net_device *netdev, void *p)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);
	struct sockaddr *sa = p;

	if (!is_valid_ether_addr(sa->sa_data))
		return -EADDRNOTAVAIL;

	eth_hw_addr_set(netdev, sa->sa_data);
	memcpy(ad->hw.addr, sa->sa_data, ETH_ALEN);
	e1000e_mac_rar_set(&ad->hw, ad->hw.addr, 0);
	return 0;
}

/**
 * e1000e_change_mtu - ndo_change_mtu: apply a new MTU (restarts the device)
 * @netdev: device
 * @mtu: new MTU
 *
 * Return: 0 or a negative error.
 */
static int e1000e_change_mtu(struct net_device *netdev, int mtu)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);
	int old = netdev->mtu, err;

	if (mtu > ETH_DATA_LEN && !(ad->fam->flags & E1000E_FAM_JUMBO))
		return -EINVAL;
	/* XDP frames must fit one receive buffer */
	if (READ_ONCE(ad->xdp_prog) && mtu > E1000E_XDP_MAX_MTU) {
		netdev_warn(netdev, "MTU %d too large while an XDP program is attached, at most %u\n",
			    mtu, E1000E_XDP_MAX_MTU);
		return -EINVAL;
	}
	/* so must AF_XDP zero-copy frames, without long packets (RCTL.LPE) */
	if (mtu > ETH_DATA_LEN && e1000e_xsk_any(ad)) {
		netdev_warn(netdev, "MTU %d too large while an AF_XDP zero-copy socket is bound, at most %u\n",
			    mtu, ETH_DATA_LEN);
		return -EINVAL;
	}

	WRITE_ONCE(netdev->mtu, mtu);
	err = e1000e_reconfigure(ad);
	if (err) {
		WRITE_ONCE(netdev->mtu, old);
		if (e1000e_reconfigure(ad))
			netdev_err(netdev, "could not restore MTU %d\n", old);
	}
	return err;
}

/**
 * e1000e_tx_timeout - ndo_tx_timeout: log the stuck queue and schedule a reset
 * @netdev: device
 * @txq: queue index
 */
static void e1000e_tx_timeout(struct net_device *netdev, unsigned int txq)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);
	struct e1000e_ring *ring = &ad->tx_ring[txq];

	ad->tx_timeouts++;
	netdev_err(netdev, "TX queue %u stuck: ntu %u ntc %u TDH %u TDT %u, resetting\n",
		   txq, ring->ntu, ring->ntc,
		   e1000e_rd32(&ad->hw, E1000E_TDH(txq)),
		   e1000e_rd32(&ad->hw, E1000E_TDT(txq)));
	schedule_work(&ad->reset_task);
}

/**
 * e1000e_vlan_rx_add_vid - ndo_vlan_rx_add_vid: accept a VLAN
 * @netdev: device
 * @proto: VLAN protocol
 * @vid: VLAN ID
 *
 * Return: 0 or a negative error.
 */
static int e1000e_vlan_rx_add_vid(struct net_device *netdev, __be16 proto,
				  u16 vid)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);

	ad->vfta[vid >> 5] |= BIT(vid & 31);
	e1000e_wr32(&ad->hw, E1000E_VFTA(vid >> 5), ad->vfta[vid >> 5]);
	return 0;
}

/**
 * e1000e_vlan_rx_kill_vid - ndo_vlan_rx_kill_vid: stop accepting a VLAN
 * @netdev: device
 * @proto: VLAN protocol
 * @vid: VLAN ID
 *
 * Return: 0 or a negative error.
 */
static int e1000e_vlan_rx_kill_vid(struct net_device *netdev, __be16 proto,
				   u16 vid)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);

	ad->vfta[vid >> 5] &= ~BIT(vid & 31);
	e1000e_wr32(&ad->hw, E1000E_VFTA(vid >> 5), ad->vfta[vid >> 5]);
	return 0;
}

/**
 * e1000e_set_features - ndo_set_features: apply offload changes
 * @netdev: device
 * @features: requested features
 *
 * Return: 0 or a negative error.
 */
static int e1000e_set_features(struct net_device *netdev,
			       netdev_features_t features)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);
	netdev_features_t changed = netdev->features ^ features;
	const netdev_features_t restart = NETIF_F_RXCSUM | NETIF_F_RXHASH |
					  NETIF_F_HW_VLAN_CTAG_RX |
					  NETIF_F_HW_VLAN_CTAG_TX;

	netdev->features = features;
	if (changed & NETIF_F_HW_VLAN_CTAG_FILTER)
		e1000e_set_rx_mode(netdev);
	if (changed & restart)
		return e1000e_reconfigure(ad);
	return 0;
}

/**
 * e1000e_select_queue - ndo_select_queue: send on the pair a flow receives on
 * @netdev: device
 * @skb: packet to send
 * @sb_dev: subordinate device, passed on to the default pick
 *
 * A queue pair shares one vector and one NAPI. Sending a connected flow on
 * the pair RSS delivers it to means its TX completions and its received
 * packets raise the same vector and are cleaned in the same poll, instead
 * of keeping two vectors busy for one flow. Other packets take the
 * stack's choice.
 *
 * Return: the TX queue index.
 */
static u16 e1000e_select_queue(struct net_device *netdev, struct sk_buff *skb,
			       struct net_device *sb_dev)
{
	int q = sk_rx_queue_get(skb->sk);

	if (q >= 0 && q < netdev->real_num_tx_queues)
		return q;
	return netdev_pick_tx(netdev, skb, sb_dev);
}

const struct net_device_ops e1000e_netdev_ops = {
	.ndo_open		= e1000e_open,
	.ndo_stop		= e1000e_stop,
	.ndo_start_xmit		= e1000e_xmit,
	.ndo_select_queue	= e1000e_select_queue,
	.ndo_get_stats64	= e1000e_get_stats64,
	.ndo_set_rx_mode	= e1000e_set_rx_mode,
	.ndo_set_mac_address	= e1000e_set_mac,
	.ndo_validate_addr	= eth_validate_addr,
	.ndo_change_mtu		= e1000e_change_mtu,
	.ndo_tx_timeout		= e1000e_tx_timeout,
	.ndo_vlan_rx_add_vid	= e1000e_vlan_rx_add_vid,
	.ndo_vlan_rx_kill_vid	= e1000e_vlan_rx_kill_vid,
	.ndo_set_features	= e1000e_set_features,
	.ndo_bpf		= e1000e_bpf,
	.ndo_xdp_xmit		= e1000e_xdp_xmit,
	.ndo_xsk_wakeup		= e1000e_xsk_wakeup,
};

/**
 * e1000e_netdev_setup - fill in net_device fields before registration
 * @ad: adapter
 *
 * Return: 0.
 */
int e1000e_netdev_setup(struct e1000e_adapter *ad)
{
	struct net_device *netdev = ad->netdev;
	netdev_features_t f;

	netdev->netdev_ops = &e1000e_netdev_ops;
	netdev->stat_ops = &e1000e_stat_ops;
	e1000e_set_ethtool_ops(netdev);
	netdev->watchdog_timeo = 5 * HZ;

	f = NETIF_F_SG | NETIF_F_IP_CSUM | NETIF_F_IPV6_CSUM | NETIF_F_TSO |
	    NETIF_F_TSO6 | NETIF_F_RXCSUM | NETIF_F_HW_VLAN_CTAG_RX |
	    NETIF_F_HW_VLAN_CTAG_TX;
	if (ad->fam->flags & E1000E_FAM_RSS)
		f |= NETIF_F_RXHASH;
	netdev->hw_features = f;
	if (ad->fam->flags & E1000E_FAM_VLAN_FILTER)
		netdev->hw_features |= NETIF_F_HW_VLAN_CTAG_FILTER;
	netdev->features = netdev->hw_features;
	netdev->vlan_features = NETIF_F_SG | NETIF_F_IP_CSUM |
				NETIF_F_IPV6_CSUM | NETIF_F_TSO | NETIF_F_TSO6;
	netdev->priv_flags |= IFF_UNICAST_FLT;
	/* XDP frames share the stack's TX rings, which always exist, so
	 * ndo_xdp_xmit works with or without a program attached here; an
	 * AF_XDP zero-copy pool may be bound to either queue pair
	 */
	netdev->xdp_features = NETDEV_XDP_ACT_BASIC | NETDEV_XDP_ACT_REDIRECT |
			       NETDEV_XDP_ACT_NDO_XMIT |
			       NETDEV_XDP_ACT_XSK_ZEROCOPY;

	netdev->min_mtu = E1000E_MIN_MTU;
	netdev->max_mtu = ad->fam->max_frame - ETH_HLEN - ETH_FCS_LEN;

	INIT_DELAYED_WORK(&ad->service_task, e1000e_service_task);
	INIT_WORK(&ad->reset_task, e1000e_reset_task);
	spin_lock_init(&ad->stats_lock);
	return 0;
}
