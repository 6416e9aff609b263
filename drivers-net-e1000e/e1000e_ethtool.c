// SPDX-License-Identifier: GPL-2.0
/* Intel PRO/1000 PCIe: ethtool operations */

#include <linux/ethtool.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>

#include "e1000e.h"

static const char e1000e_priv_flags[][ETH_GSTRING_LEN] = {
	"no-msix",
	"no-msi",
};

#define E1000E_NUM_PFLAGS	ARRAY_SIZE(e1000e_priv_flags)

struct e1000e_stat_desc {
	char name[ETH_GSTRING_LEN];
	unsigned int off;
};

#define E1000E_HW_STAT(n, f) { n, offsetof(struct e1000e_hw_stats, f) }

static const struct e1000e_stat_desc e1000e_hw_stat_desc[] = {
	E1000E_HW_STAT("rx_crc_errors", crcerrs),
	E1000E_HW_STAT("rx_align_errors", algnerrc),
	E1000E_HW_STAT("rx_symbol_errors", symerrs),
	E1000E_HW_STAT("rx_errors_hw", rxerrc),
	E1000E_HW_STAT("rx_missed", mpc),
	E1000E_HW_STAT("tx_single_coll", scc),
	E1000E_HW_STAT("tx_excess_coll", ecol),
	E1000E_HW_STAT("tx_multi_coll", mcc),
	E1000E_HW_STAT("tx_late_coll", latecol),
	E1000E_HW_STAT("collisions", colc),
	E1000E_HW_STAT("tx_deferred", dc),
	E1000E_HW_STAT("tx_no_crs", tncrs),
	E1000E_HW_STAT("rx_seq_errors", sec),
	E1000E_HW_STAT("rx_carrier_ext_errors", cexterr),
	E1000E_HW_STAT("rx_length_errors", rlec),
	E1000E_HW_STAT("rx_xon", xonrxc),
	E1000E_HW_STAT("tx_xon", xontxc),
	E1000E_HW_STAT("rx_xoff", xoffrxc),
	E1000E_HW_STAT("tx_xoff", xofftxc),
	E1000E_HW_STAT("rx_fc_unsupported", fcruc),
	E1000E_HW_STAT("rx_good_packets", gprc),
	E1000E_HW_STAT("rx_broadcast", bprc),
	E1000E_HW_STAT("rx_multicast", mprc),
	E1000E_HW_STAT("tx_good_packets", gptc),
	E1000E_HW_STAT("rx_good_bytes", gorc),
	E1000E_HW_STAT("tx_good_bytes", gotc),
	E1000E_HW_STAT("rx_no_buffer", rnbc),
	E1000E_HW_STAT("rx_undersize", ruc),
	E1000E_HW_STAT("rx_fragments", rfc),
	E1000E_HW_STAT("rx_oversize", roc),
	E1000E_HW_STAT("rx_jabber", rjc),
	E1000E_HW_STAT("rx_total_bytes", tor),
	E1000E_HW_STAT("tx_total_bytes", tot),
	E1000E_HW_STAT("rx_total_packets", tpr),
	E1000E_HW_STAT("tx_total_packets", tpt),
	E1000E_HW_STAT("tx_multicast", mptc),
	E1000E_HW_STAT("tx_broadcast", bptc),
	E1000E_HW_STAT("tx_tso_contexts", tsctc),
	E1000E_HW_STAT("tx_tso_context_fails", tsctfc),
};

#define E1000E_HW_STATS		ARRAY_SIZE(e1000e_hw_stat_desc)
#define E1000E_SW_STATS		3
#define E1000E_TXQ_STATS	9
#define E1000E_RXQ_STATS	11

/**
 * e1000e_get_drvinfo - ethtool: driver name and bus address
 * @netdev: device
 * @info: driver information
 */
static void e1000e_get_drvinfo(struct net_device *netdev,
			       struct ethtool_drvinfo *info)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);

	strscpy(info->driver, E1000E_DRV_NAME, sizeof(info->driver));
	strscpy(info->bus_info, pci_name(ad->pdev), sizeof(info->bus_info));
	info->n_priv_flags = E1000E_NUM_PFLAGS;
}

/**
 * e1000e_get_msglevel - ethtool: message level
 * @netdev: device
 *
 * Return: the value.
 */
static u32 e1000e_get_msglevel(struct net_device *netdev)
{
	return e1000e_netdev_priv(netdev)->msg_enable;
}

/**
 * e1000e_set_msglevel - ethtool: set the message level
 * @netdev: device
 * @level: message level
 */
static void e1000e_set_msglevel(struct net_device *netdev, u32 level)
{
	e1000e_netdev_priv(netdev)->msg_enable = level;
}

/**
 * e1000e_get_link_ksettings - ethtool: link modes, speed, duplex
 * @netdev: device
 * @ks: link settings
 *
 * Return: 0 or a negative error.
 */
static int e1000e_get_link_ksettings(struct net_device *netdev,
				     struct ethtool_link_ksettings *ks)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);
	struct e1000e_hw *hw = &ad->hw;
	u16 adv = hw->phy.autoneg_advertised;

	ethtool_link_ksettings_zero_link_mode(ks, supported);
	ethtool_link_ksettings_add_link_mode(ks, supported, 10baseT_Half);
	ethtool_link_ksettings_add_link_mode(ks, supported, 10baseT_Full);
	ethtool_link_ksettings_add_link_mode(ks, supported, 100baseT_Half);
	ethtool_link_ksettings_add_link_mode(ks, supported, 100baseT_Full);
	ethtool_link_ksettings_add_link_mode(ks, supported, 1000baseT_Full);
	ethtool_link_ksettings_add_link_mode(ks, supported, Autoneg);
	ethtool_link_ksettings_add_link_mode(ks, supported, TP);
	ethtool_link_ksettings_add_link_mode(ks, supported, Pause);
	ethtool_link_ksettings_add_link_mode(ks, supported, Asym_Pause);

	ethtool_link_ksettings_zero_link_mode(ks, advertising);
	if (hw->mac.autoneg) {
		ethtool_link_ksettings_add_link_mode(ks, advertising, Autoneg);
		if (adv & E1000E_ADV_10_HALF)
			ethtool_link_ksettings_add_link_mode(ks, advertising,
							     10baseT_Half);
		if (adv & E1000E_ADV_10_FULL)
			ethtool_link_ksettings_add_link_mode(ks, advertising,
							     10baseT_Full);
		if (adv & E1000E_ADV_100_HALF)
			ethtool_link_ksettings_add_link_mode(ks, advertising,
							     100baseT_Half);
		if (adv & E1000E_ADV_100_FULL)
			ethtool_link_ksettings_add_link_mode(ks, advertising,
							     100baseT_Full);
		if (adv & E1000E_ADV_1000_FULL)
			ethtool_link_ksettings_add_link_mode(ks, advertising,
							     1000baseT_Full);
	}
	ethtool_link_ksettings_add_link_mode(ks, advertising, TP);
	if (hw->mac.fc_requested == E1000E_FC_FULL ||
	    hw->mac.fc_requested == E1000E_FC_RX_PAUSE)
		ethtool_link_ksettings_add_link_mode(ks, advertising, Pause);
	if (hw->mac.fc_requested != E1000E_FC_NONE)
		ethtool_link_ksettings_add_link_mode(ks, advertising,
						     Asym_Pause);

	ks->base.port = PORT_TP;
	ks->base.phy_address = hw->phy.addr;
	ks->base.autoneg = hw->mac.autoneg ? AUTONEG_ENABLE : AUTONEG_DISABLE;
	ks->base.eth_tp_mdix_ctrl = hw->phy.mdix;
	if (netif_running(netdev) && netif_carrier_ok(netdev)) {
		ks->base.speed = hw->mac.speed;
		ks->base.duplex = hw->mac.full_duplex ? DUPLEX_FULL :
						       DUPLEX_HALF;
	} else {
		ks->base.speed = SPEED_UNKNOWN;
		ks->base.duplex = DUPLEX_UNKNOWN;
	}
	return 0;
}

/**
 * e1000e_set_link_ksettings - ethtool: autonegotiation or forced 10/100
 * @netdev: device
 * @ks: link settings
 *
 * The whole request is checked before anything is stored, so a refused
 * one leaves the settings as they were.
 *
 * Return: 0 or a negative error.
 */
static int e1000e_set_link_ksettings(struct net_device *netdev,
				     const struct ethtool_link_ksettings *ks)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);
	struct e1000e_hw *hw = &ad->hw;
	const unsigned long *a = ks->link_modes.advertising;
	u8 mdix = ks->base.eth_tp_mdix_ctrl;
	bool autoneg = ks->base.autoneg == AUTONEG_ENABLE;
	u32 speed = ks->base.speed;
	u16 adv = 0;

	/* one twisted-pair port behind one PHY */
	if (ks->base.port != PORT_TP || ks->base.phy_address != hw->phy.addr)
		return -EINVAL;
	if (mdix != ETH_TP_MDI_INVALID && mdix != ETH_TP_MDI &&
	    mdix != ETH_TP_MDI_X && mdix != ETH_TP_MDI_AUTO)
		return -EINVAL;
	if (!autoneg && mdix != ETH_TP_MDI_INVALID &&
	    mdix != ETH_TP_MDI_AUTO && mdix != ETH_TP_MDI)
		return -EINVAL;

	if (autoneg) {
		if (linkmode_test_bit(ETHTOOL_LINK_MODE_10baseT_Half_BIT, a))
			adv |= E1000E_ADV_10_HALF;
		if (linkmode_test_bit(ETHTOOL_LINK_MODE_10baseT_Full_BIT, a))
			adv |= E1000E_ADV_10_FULL;
		if (linkmode_test_bit(ETHTOOL_LINK_MODE_100baseT_Half_BIT, a))
			adv |= E1000E_ADV_100_HALF;
		if (linkmode_test_bit(ETHTOOL_LINK_MODE_100baseT_Full_BIT, a))
			adv |= E1000E_ADV_100_FULL;
		if (linkmode_test_bit(ETHTOOL_LINK_MODE_1000baseT_Full_BIT, a))
			adv |= E1000E_ADV_1000_FULL;
		if (!adv)
			return -EINVAL;
	} else if ((speed != SPEED_10 && speed != SPEED_100) ||
		   (ks->base.duplex != DUPLEX_HALF &&
		    ks->base.duplex != DUPLEX_FULL)) {
		return -EINVAL;
	}

	hw->mac.autoneg = autoneg;
	if (autoneg) {
		hw->phy.autoneg_advertised = adv;
	} else {
		hw->mac.forced_speed = speed;
		hw->mac.forced_full = ks->base.duplex == DUPLEX_FULL;
	}
	if (mdix != ETH_TP_MDI_INVALID)
		hw->phy.mdix = mdix;

	return e1000e_reconfigure(ad);
}

/**
 * e1000e_nway_reset - ethtool: restart autonegotiation
 * @netdev: device
 *
 * Return: 0 or a negative error.
 */
static int e1000e_nway_reset(struct net_device *netdev)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);

	if (!netif_running(netdev) || !ad->hw.mac.autoneg)
		return -EINVAL;
	return e1000e_phy_restart_autoneg(&ad->hw);
}

/**
 * e1000e_get_pauseparam - ethtool: requested flow control
 * @netdev: device
 * @p: pause parameters
 */
static void e1000e_get_pauseparam(struct net_device *netdev,
				  struct ethtool_pauseparam *p)
{
	struct e1000e_hw *hw = &e1000e_netdev_priv(netdev)->hw;

	p->autoneg = hw->mac.fc_autoneg;
	p->rx_pause = hw->mac.fc_requested == E1000E_FC_FULL ||
		      hw->mac.fc_requested == E1000E_FC_RX_PAUSE;
	p->tx_pause = hw->mac.fc_requested == E1000E_FC_FULL ||
		      hw->mac.fc_requested == E1000E_FC_TX_PAUSE;
}

/**
 * e1000e_set_pauseparam - ethtool: set flow control and renegotiate
 * @netdev: device
 * @p: pause parameters
 *
 * Return: 0 or a negative error.
 */
static int e1000e_set_pauseparam(struct net_device *netdev,
				 struct ethtool_pauseparam *p)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);
	struct e1000e_hw *hw = &ad->hw;

	hw->mac.fc_autoneg = p->autoneg;
	if (p->rx_pause && p->tx_pause)
		hw->mac.fc_requested = E1000E_FC_FULL;
	else if (p->rx_pause)
		hw->mac.fc_requested = E1000E_FC_RX_PAUSE;
	else if (p->tx_pause)
		hw->mac.fc_requested = E1000E_FC_TX_PAUSE;
	else
		hw->mac.fc_requested = E1000E_FC_NONE;
	return e1000e_reconfigure(ad);
}

/**
 * e1000e_get_pause_stats - ethtool: PAUSE frames sent and received
 * @netdev: device
 * @st: statistics to fill
 */
static void e1000e_get_pause_stats(struct net_device *netdev,
				   struct ethtool_pause_stats *st)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);

	e1000e_update_stats(ad);
	spin_lock_bh(&ad->stats_lock);
	st->tx_pause_frames = ad->hw_stats.xofftxc;
	st->rx_pause_frames = ad->hw_stats.xoffrxc;
	spin_unlock_bh(&ad->stats_lock);
}

/**
 * e1000e_get_ringparam - ethtool: ring sizes
 * @netdev: device
 * @r: ring parameters
 * @kr: extended ring parameters
 * @extack: netlink error report
 */
static void e1000e_get_ringparam(struct net_device *netdev,
				 struct ethtool_ringparam *r,
				 struct kernel_ethtool_ringparam *kr,
				 struct netlink_ext_ack *extack)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);

	r->rx_max_pending = E1000E_MAX_RING;
	r->tx_max_pending = E1000E_MAX_RING;
	r->rx_pending = ad->rx_ring_count;
	r->tx_pending = ad->tx_ring_count;
}

/**
 * e1000e_set_ringparam - ethtool: resize the rings (old sizes kept on failure)
 * @netdev: device
 * @r: ring parameters
 * @kr: extended ring parameters
 * @extack: netlink error report
 *
 * Return: 0 or a negative error.
 */
static int e1000e_set_ringparam(struct net_device *netdev,
				struct ethtool_ringparam *r,
				struct kernel_ethtool_ringparam *kr,
				struct netlink_ext_ack *extack)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);
	u16 old_rx = ad->rx_ring_count, old_tx = ad->tx_ring_count;
	int err;

	if (r->rx_mini_pending || r->rx_jumbo_pending) {
		NL_SET_ERR_MSG(extack, "no rx-mini or rx-jumbo rings");
		return -EINVAL;
	}
	if (r->rx_pending < E1000E_MIN_RING ||
	    r->tx_pending < E1000E_MIN_RING ||
	    r->rx_pending > E1000E_MAX_RING ||
	    r->tx_pending > E1000E_MAX_RING ||
	    !IS_ALIGNED(r->rx_pending, E1000E_RING_ALIGN) ||
	    !IS_ALIGNED(r->tx_pending, E1000E_RING_ALIGN)) {
		NL_SET_ERR_MSG_FMT(extack,
				   "ring sizes must be multiples of %u in %u..%u",
				   E1000E_RING_ALIGN, E1000E_MIN_RING,
				   E1000E_MAX_RING);
		return -EINVAL;
	}
	if (r->rx_pending == old_rx && r->tx_pending == old_tx)
		return 0;

	ad->rx_ring_count = r->rx_pending;
	ad->tx_ring_count = r->tx_pending;
	err = e1000e_reconfigure(ad);
	if (err) {
		NL_SET_ERR_MSG(extack, "not enough memory, old sizes kept");
		ad->rx_ring_count = old_rx;
		ad->tx_ring_count = old_tx;
		if (e1000e_reconfigure(ad))
			netdev_err(netdev, "could not restore the rings\n");
	}
	return err;
}

/**
 * e1000e_get_channels - ethtool: queue pairs in use and available
 * @netdev: device
 * @ch: channel counts
 */
static void e1000e_get_channels(struct net_device *netdev,
				struct ethtool_channels *ch)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);

	ch->max_combined = ad->irq_mode == E1000E_IRQ_MSIX ?
			   ad->fam->num_queues : 1;
	ch->combined_count = ad->num_queues;
	ch->max_other = ad->irq_mode == E1000E_IRQ_MSIX ? 1 : 0;
	ch->other_count = ch->max_other;
}

/**
 * e1000e_set_channels - ethtool: switch between one and two queue pairs
 * @netdev: device
 * @ch: channel counts
 *
 * Return: 0 or a negative error.
 */
static int e1000e_set_channels(struct net_device *netdev,
			       struct ethtool_channels *ch)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);
	u16 old = ad->num_queues;
	int err;

	/* the "other" vector (link, MSI-X only) is not optional */
	if (ch->rx_count || ch->tx_count || !ch->combined_count ||
	    ch->other_count != (ad->irq_mode == E1000E_IRQ_MSIX ? 1 : 0))
		return -EINVAL;
	if (ch->combined_count > (ad->irq_mode == E1000E_IRQ_MSIX ?
				  ad->fam->num_queues : 1))
		return -EINVAL;
	if (ch->combined_count == old)
		return 0;
	if (ad->reta_user && netif_is_rxfh_configured(netdev)) {
		u32 i;

		for (i = 0; i < E1000E_RETA_ENTRIES; i++)
			if (ad->reta[i] >= ch->combined_count)
				return -EINVAL;
	}

	if (netif_running(netdev))
		e1000e_down_restart(ad);
	ad->num_queues = ch->combined_count;
	ad->req_queues = ch->combined_count;
	err = netif_running(netdev) ? e1000e_up(ad) : 0;
	if (err) {
		ad->num_queues = old;
		if (e1000e_up(ad))
			netdev_err(netdev, "could not restore the channels\n");
	}
	return err;
}

/**
 * e1000e_get_coalesce - ethtool: interrupt moderation
 * @netdev: device
 * @ec: coalescing parameters
 * @kec: extended coalescing parameters
 * @extack: netlink error report
 *
 * Return: 0 or a negative error.
 */
static int e1000e_get_coalesce(struct net_device *netdev,
			       struct ethtool_coalesce *ec,
			       struct kernel_ethtool_coalesce *kec,
			       struct netlink_ext_ack *extack)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);

	ec->rx_coalesce_usecs = ad->rx_itr_us;
	ec->use_adaptive_rx_coalesce = ad->adaptive_itr;
	return 0;
}

/**
 * e1000e_set_coalesce - ethtool: fixed or adaptive interrupt moderation
 * @netdev: device
 * @ec: coalescing parameters
 * @kec: extended coalescing parameters
 * @extack: netlink error report
 *
 * Return: 0 or a negative error.
 */
static int e1000e_set_coalesce(struct net_device *netdev,
			       struct ethtool_coalesce *ec,
			       struct kernel_ethtool_coalesce *kec,
			       struct netlink_ext_ack *extack)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);
	u16 q;

	if (ec->rx_coalesce_usecs > E1000E_MAX_ITR_US) {
		NL_SET_ERR_MSG_FMT(extack, "rx-usecs above %u",
				   E1000E_MAX_ITR_US);
		return -EINVAL;
	}

	ad->rx_itr_us = ec->rx_coalesce_usecs;
	ad->adaptive_itr = ec->use_adaptive_rx_coalesce;
	if (!netif_running(netdev) || test_bit(E1000E_DOWN, &ad->state))
		return 0;
	for (q = 0; q < ad->num_queues; q++) {
		cancel_work_sync(&ad->qv[q].dim.work);
		e1000e_set_itr(&ad->qv[q], ad->rx_itr_us);
	}
	return 0;
}

/**
 * e1000e_get_sset_count - ethtool: number of strings in a set
 * @netdev: device
 * @sset: string set
 *
 * Return: the number of strings, or -EOPNOTSUPP.
 */
static int e1000e_get_sset_count(struct net_device *netdev, int sset)
{
	switch (sset) {
	case ETH_SS_STATS:
		return E1000E_HW_STATS + E1000E_SW_STATS + E1000E_MAX_QUEUES *
		       (E1000E_TXQ_STATS + E1000E_RXQ_STATS);
	case ETH_SS_PRIV_FLAGS:
		return E1000E_NUM_PFLAGS;
	default:
		return -EOPNOTSUPP;
	}
}

/**
 * e1000e_get_strings - ethtool: statistics and private flag names
 * @netdev: device
 * @sset: string set
 * @data: output buffer
 */
static void e1000e_get_strings(struct net_device *netdev, u32 sset, u8 *data)
{
	unsigned int i, q;

	switch (sset) {
	case ETH_SS_STATS:
		for (i = 0; i < E1000E_HW_STATS; i++)
			ethtool_puts(&data, e1000e_hw_stat_desc[i].name);
		ethtool_puts(&data, "tx_timeouts");
		ethtool_puts(&data, "tx_hangs");
		ethtool_puts(&data, "resets");
		for (q = 0; q < E1000E_MAX_QUEUES; q++) {
			ethtool_sprintf(&data, "tx%u_packets", q);
			ethtool_sprintf(&data, "tx%u_bytes", q);
			ethtool_sprintf(&data, "tx%u_csum", q);
			ethtool_sprintf(&data, "tx%u_tso", q);
			ethtool_sprintf(&data, "tx%u_stops", q);
			ethtool_sprintf(&data, "tx%u_wakes", q);
			ethtool_sprintf(&data, "tx%u_drops", q);
			ethtool_sprintf(&data, "tx%u_xdp_xmit", q);
			ethtool_sprintf(&data, "tx%u_xdp_xmit_err", q);
		}
		for (q = 0; q < E1000E_MAX_QUEUES; q++) {
			ethtool_sprintf(&data, "rx%u_packets", q);
			ethtool_sprintf(&data, "rx%u_bytes", q);
			ethtool_sprintf(&data, "rx%u_csum_ok", q);
			ethtool_sprintf(&data, "rx%u_csum_err", q);
			ethtool_sprintf(&data, "rx%u_alloc_fail", q);
			ethtool_sprintf(&data, "rx%u_drops", q);
			ethtool_sprintf(&data, "rx%u_xdp_pass", q);
			ethtool_sprintf(&data, "rx%u_xdp_drop", q);
			ethtool_sprintf(&data, "rx%u_xdp_tx", q);
			ethtool_sprintf(&data, "rx%u_xdp_redirect", q);
			ethtool_sprintf(&data, "rx%u_xdp_aborted", q);
		}
		break;
	case ETH_SS_PRIV_FLAGS:
		for (i = 0; i < E1000E_NUM_PFLAGS; i++)
			ethtool_puts(&data, e1000e_priv_flags[i]);
		break;
	}
}

/**
 * e1000e_get_ethtool_stats - ethtool: hardware and per-queue counters
 * @netdev: device
 * @st: ethtool stats header
 * @data: output buffer
 */
static void e1000e_get_ethtool_stats(struct net_device *netdev,
				     struct ethtool_stats *st, u64 *data)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);
	struct e1000e_ring_stats s;
	unsigned int i, q;

	e1000e_update_stats(ad);
	spin_lock_bh(&ad->stats_lock);
	for (i = 0; i < E1000E_HW_STATS; i++)
		*data++ = *(u64 *)((u8 *)&ad->hw_stats +
				   e1000e_hw_stat_desc[i].off);
	spin_unlock_bh(&ad->stats_lock);
	*data++ = ad->tx_timeouts;
	*data++ = ad->tx_hangs;
	*data++ = ad->resets;

	for (q = 0; q < E1000E_MAX_QUEUES; q++) {
		e1000e_ring_stats_read(&ad->tx_ring[q], &s);
		*data++ = s.packets;
		*data++ = s.bytes;
		*data++ = s.tx.csum;
		*data++ = s.tx.tso;
		*data++ = s.tx.stops;
		*data++ = s.tx.wakes;
		*data++ = s.tx.drops;
		*data++ = s.tx.xdp_xmit;
		*data++ = s.tx.xdp_xmit_err;
	}
	for (q = 0; q < E1000E_MAX_QUEUES; q++) {
		e1000e_ring_stats_read(&ad->rx_ring[q], &s);
		*data++ = s.packets;
		*data++ = s.bytes;
		*data++ = s.rx.csum_ok;
		*data++ = s.rx.csum_err;
		*data++ = s.rx.alloc_fail;
		*data++ = s.rx.drops;
		*data++ = s.rx.xdp_pass;
		*data++ = s.rx.xdp_drop;
		*data++ = s.rx.xdp_tx;
		*data++ = s.rx.xdp_redirect;
		*data++ = s.rx.xdp_aborted;
	}
}

/**
 * e1000e_get_priv_flags - ethtool: private flags
 * @netdev: device
 *
 * Return: the value.
 */
static u32 e1000e_get_priv_flags(struct net_device *netdev)
{
	return e1000e_netdev_priv(netdev)->pflags;
}

/**
 * e1000e_set_priv_flags - ethtool: choose the interrupt mode (no-msix, no-msi)
 * @netdev: device
 * @flags: private flags
 *
 * Return: 0 or a negative error.
 */
static int e1000e_set_priv_flags(struct net_device *netdev, u32 flags)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);
	bool running = netif_running(netdev);
	int err;

	if (flags == ad->pflags)
		return 0;

	if (running)
		e1000e_down(ad);
	e1000e_irq_deinit(ad);
	ad->pflags = flags;
	ad->num_queues = ad->req_queues;
	err = e1000e_irq_init(ad);
	if (err)
		return err;
	if (ad->irq_mode != E1000E_IRQ_MSIX)
		ad->num_queues = 1;
	return running ? e1000e_up(ad) : 0;
}

/* registers dumped by ethtool -d: a fixed list, by offset */
static const u32 e1000e_dump_regs[] = {
	E1000E_CTRL, E1000E_STATUS, E1000E_CTRL_EXT, E1000E_ITR, E1000E_IMS,
	E1000E_IVAR, E1000E_RCTL, E1000E_RXCSUM, E1000E_RFCTL, E1000E_MRQC,
	E1000E_TCTL, E1000E_TIPG, E1000E_PBA,
	E1000E_RDBAL(0), E1000E_RDBAH(0), E1000E_RDLEN(0), E1000E_RDH(0),
	E1000E_RDT(0), E1000E_RXDCTL(0),
	E1000E_RDBAL(1), E1000E_RDBAH(1), E1000E_RDLEN(1), E1000E_RDH(1),
	E1000E_RDT(1), E1000E_RXDCTL(1),
	E1000E_TDBAL(0), E1000E_TDBAH(0), E1000E_TDLEN(0), E1000E_TDH(0),
	E1000E_TDT(0), E1000E_TXDCTL(0), E1000E_TARC(0),
	E1000E_TDBAL(1), E1000E_TDBAH(1), E1000E_TDLEN(1), E1000E_TDH(1),
	E1000E_TDT(1), E1000E_TXDCTL(1), E1000E_TARC(1),
	E1000E_EITR(0), E1000E_EITR(1), E1000E_EITR(2),
};

/**
 * e1000e_get_regs_len - ethtool: size of the register dump
 * @netdev: device
 *
 * Return: the dump size in bytes.
 */
static int e1000e_get_regs_len(struct net_device *netdev)
{
	return sizeof(e1000e_dump_regs) * 2;
}

/**
 * e1000e_get_regs - ethtool: register dump as (offset, value) pairs
 * @netdev: device
 * @regs: register dump header
 * @p: output buffer
 */
static void e1000e_get_regs(struct net_device *netdev,
			    struct ethtool_regs *regs, void *p)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);
	u32 *out = p;
	unsigned int i;

	/* pairs of (offset, value), version 1 */
	regs->version = 1;
	for (i = 0; i < ARRAY_SIZE(e1000e_dump_regs); i++) {
		*out++ = e1000e_dump_regs[i];
		*out++ = e1000e_rd32(&ad->hw, e1000e_dump_regs[i]);
	}
}

/**
 * e1000e_get_eeprom_len - ethtool: NVM size in bytes
 * @netdev: device
 *
 * Return: the NVM size in bytes.
 */
static int e1000e_get_eeprom_len(struct net_device *netdev)
{
	return E1000E_NVM_WORDS * 2;
}

/**
 * e1000e_get_eeprom - ethtool: read NVM bytes
 * @netdev: device
 * @ee: NVM request
 * @bytes: NVM bytes
 *
 * Return: 0 or a negative error.
 */
static int e1000e_get_eeprom(struct net_device *netdev,
			     struct ethtool_eeprom *ee, u8 *bytes)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);
	u16 words[E1000E_NVM_WORDS];
	int err, i;

	if (!ee->len || ee->offset + ee->len > E1000E_NVM_WORDS * 2)
		return -EINVAL;
	ee->magic = ad->pdev->vendor | (ad->pdev->device << 16);

	err = ad->fam->nvm->read(&ad->hw, 0, E1000E_NVM_WORDS, words);
	if (err)
		return err;
	for (i = 0; i < E1000E_NVM_WORDS; i++)
		cpu_to_le16s(&words[i]);
	memcpy(bytes, (u8 *)words + ee->offset, ee->len);
	return 0;
}

/**
 * e1000e_get_rxfh_key_size - ethtool: RSS key size
 * @netdev: device
 *
 * Return: the value.
 */
static u32 e1000e_get_rxfh_key_size(struct net_device *netdev)
{
	return E1000E_RSS_KEY_SIZE;
}

/**
 * e1000e_get_rxfh_indir_size - ethtool: RSS indirection table size
 * @netdev: device
 *
 * Return: the value.
 */
static u32 e1000e_get_rxfh_indir_size(struct net_device *netdev)
{
	return E1000E_RETA_ENTRIES;
}

/**
 * e1000e_get_rxfh - ethtool: RSS key, table and hash function
 * @netdev: device
 * @rxfh: RSS parameters
 *
 * Return: 0 or a negative error.
 */
static int e1000e_get_rxfh(struct net_device *netdev,
			   struct ethtool_rxfh_param *rxfh)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);
	unsigned int i;

	rxfh->hfunc = ETH_RSS_HASH_TOP;
	if (rxfh->key)
		memcpy(rxfh->key, ad->rss_key, E1000E_RSS_KEY_SIZE);
	if (rxfh->indir)
		for (i = 0; i < E1000E_RETA_ENTRIES; i++)
			rxfh->indir[i] = ad->reta_user ? ad->reta[i] :
				ethtool_rxfh_indir_default(i, ad->num_queues);
	return 0;
}

/**
 * e1000e_set_rxfh - ethtool: set the RSS key or indirection table
 * @netdev: device
 * @rxfh: RSS parameters
 * @extack: netlink error report
 *
 * Return: 0 or a negative error.
 */
static int e1000e_set_rxfh(struct net_device *netdev,
			   struct ethtool_rxfh_param *rxfh,
			   struct netlink_ext_ack *extack)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);
	unsigned int i;

	if (rxfh->hfunc != ETH_RSS_HASH_NO_CHANGE &&
	    rxfh->hfunc != ETH_RSS_HASH_TOP) {
		NL_SET_ERR_MSG(extack, "only the Toeplitz hash is supported");
		return -EOPNOTSUPP;
	}
	if (rxfh->indir) {
		for (i = 0; i < E1000E_RETA_ENTRIES; i++)
			if (rxfh->indir[i] >= ad->num_queues) {
				NL_SET_ERR_MSG_FMT(extack,
						   "indirection entry %u: queue %u, %u in use",
						   i, rxfh->indir[i],
						   ad->num_queues);
				return -EINVAL;
			}
		for (i = 0; i < E1000E_RETA_ENTRIES; i++)
			ad->reta[i] = rxfh->indir[i];
		ad->reta_user = true;
	}
	if (rxfh->key)
		memcpy(ad->rss_key, rxfh->key, E1000E_RSS_KEY_SIZE);
	if (!test_bit(E1000E_DOWN, &ad->state))
		e1000e_rss_write(ad);
	return 0;
}

/**
 * e1000e_get_rxnfc - ethtool: RX ring count and hashed fields
 * @netdev: device
 * @nfc: RX flow request
 * @rules: rule locations (unused)
 *
 * Return: 0 or a negative error.
 */
static int e1000e_get_rxnfc(struct net_device *netdev,
			    struct ethtool_rxnfc *nfc, u32 *rules)
{
	struct e1000e_adapter *ad = e1000e_netdev_priv(netdev);

	switch (nfc->cmd) {
	case ETHTOOL_GRXRINGS:
		nfc->data = ad->num_queues;
		return 0;
	case ETHTOOL_GRXFH:
		nfc->data = 0;
		switch (nfc->flow_type) {
		case TCP_V4_FLOW:
		case TCP_V6_FLOW:
			nfc->data = RXH_L4_B_0_1 | RXH_L4_B_2_3;
			fallthrough;
		case UDP_V4_FLOW:
		case UDP_V6_FLOW:
		case IPV4_FLOW:
		case IPV6_FLOW:
			nfc->data |= RXH_IP_SRC | RXH_IP_DST;
			break;
		}
		return 0;
	default:
		return -EOPNOTSUPP;
	}
}

static const struct ethtool_ops e1000e_ethtool_ops = {
	.supported_coalesce_params = ETHTOOL_COALESCE_RX_USECS |
				     ETHTOOL_COALESCE_USE_ADAPTIVE_RX,
	.get_drvinfo		= e1000e_get_drvinfo,
	.get_msglevel		= e1000e_get_msglevel,
	.set_msglevel		= e1000e_set_msglevel,
	.get_link		= ethtool_op_get_link,
	.get_link_ksettings	= e1000e_get_link_ksettings,
	.set_link_ksettings	= e1000e_set_link_ksettings,
	.nway_reset		= e1000e_nway_reset,
	.get_pauseparam		= e1000e_get_pauseparam,
	.set_pauseparam		= e1000e_set_pauseparam,
	.get_pause_stats	= e1000e_get_pause_stats,
	.get_ringparam		= e1000e_get_ringparam,
	.set_ringparam		= e1000e_set_ringparam,
	.get_channels		= e1000e_get_channels,
	.set_channels		= e1000e_set_channels,
	.get_coalesce		= e1000e_get_coalesce,
	.set_coalesce		= e1000e_set_coalesce,
	.get_sset_count		= e1000e_get_sset_count,
	.get_strings		= e1000e_get_strings,
	.get_ethtool_stats	= e1000e_get_ethtool_stats,
	.get_priv_flags		= e1000e_get_priv_flags,
	.set_priv_flags		= e1000e_set_priv_flags,
	.get_regs_len		= e1000e_get_regs_len,
	.get_regs		= e1000e_get_regs,
	.get_eeprom_len		= e1000e_get_eeprom_len,
	.get_eeprom		= e1000e_get_eeprom,
	.get_rxfh_key_size	= e1000e_get_rxfh_key_size,
	.get_rxfh_indir_size	= e1000e_get_rxfh_indir_size,
	.get_rxfh		= e1000e_get_rxfh,
	.set_rxfh		= e1000e_set_rxfh,
	.get_rxnfc		= e1000e_get_rxnfc,
	.get_ts_info		= ethtool_op_get_ts_info,
};

/**
 * e1000e_set_ethtool_ops - attach the ethtool operations
 * @netdev: device
 */
void e1000e_set_ethtool_ops(struct net_device *netdev)
{
	netdev->ethtool_ops = &e1000e_ethtool_ops;
}
