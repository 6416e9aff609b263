// SPDX-License-Identifier: GPL-2.0
/* Intel PRO/1000 PCIe: MAC helpers shared by the 8257x-style families */

#include "e1000e_hw.h"

#define E1000E_MASTER_DISABLE_POLLS	800
#define E1000E_AUTO_READ_POLLS		10
#define E1000E_COLLISION_DISTANCE	63

/**
 * e1000e_mac_disable_master - stop new bus master requests
 * @hw: hardware state
 *
 * Return: 0 once outstanding requests drained, -ETIMEDOUT otherwise.
 */
int e1000e_mac_disable_master(struct e1000e_hw *hw)
{
	u32 ctrl = e1000e_rd32(hw, E1000E_CTRL);
	int i;

	e1000e_wr32(hw, E1000E_CTRL, ctrl | E1000E_CTRL_GIO_MASTER_DIS);
	for (i = 0; i < E1000E_MASTER_DISABLE_POLLS; i++) {
		if (!(e1000e_rd32(hw, E1000E_STATUS) &
		      E1000E_STATUS_GIO_MASTER_EN))
			return 0;
		usleep_range(100, 200);
	}
	hw_dbg(hw, "bus master requests still pending\n");
	return -ETIMEDOUT;
}

/**
 * e1000e_mac_wait_auto_read - wait for the NVM auto-load after reset
 * @hw: hardware state
 *
 * Return: 0 when the load finished, -ETIMEDOUT otherwise.
 */
int e1000e_mac_wait_auto_read(struct e1000e_hw *hw)
{
	int i;

	for (i = 0; i < E1000E_AUTO_READ_POLLS; i++) {
		if (e1000e_rd32(hw, E1000E_EECD) & E1000E_EECD_AUTO_RD)
			return 0;
		usleep_range(1000, 2000);
	}
	hw_dbg(hw, "NVM auto read did not complete\n");
	return -ETIMEDOUT;
}

/**
 * e1000e_mac_rar_set - program one receive address register pair
 * @hw: hardware state
 * @addr: Ethernet address, or all zeros to clear the entry
 * @idx: entry index
 */
void e1000e_mac_rar_set(struct e1000e_hw *hw, const u8 *addr, u32 idx)
{
	u32 lo, hi;

	lo = addr[0] | (addr[1] << 8) | (addr[2] << 16) | ((u32)addr[3] << 24);
	hi = addr[4] | (addr[5] << 8);
	if (lo || hi)
		hi |= E1000E_RAH_AV;

	e1000e_wr32(hw, E1000E_RAL(idx), lo);
	e1000e_flush(hw);
	e1000e_wr32(hw, E1000E_RAH(idx), hi);
	e1000e_flush(hw);
}

/**
 * e1000e_mac_init_rx_addrs - set entry 0 to hw->addr and clear the rest
 * @hw: hardware state
 */
void e1000e_mac_init_rx_addrs(struct e1000e_hw *hw)
{
	static const u8 zero[6];
	u32 i;

	e1000e_mac_rar_set(hw, hw->addr, 0);
	for (i = 1; i < E1000E_RAR_ENTRIES; i++)
		e1000e_mac_rar_set(hw, zero, i);
}

/**
 * e1000e_mac_clear_vfta - clear the VLAN filter table
 * @hw: hardware state
 */
void e1000e_mac_clear_vfta(struct e1000e_hw *hw)
{
	u32 i;

	for (i = 0; i < E1000E_VFTA_SIZE; i++)
		e1000e_wr32(hw, E1000E_VFTA(i), 0);
	e1000e_flush(hw);
}

/**
 * e1000e_mac_clear_mta - clear the multicast hash table
 * @hw: hardware state
 */
void e1000e_mac_clear_mta(struct e1000e_hw *hw)
{
	u32 i;

	for (i = 0; i < E1000E_MTA_SIZE; i++)
		e1000e_wr32(hw, E1000E_MTA(i), 0);
	e1000e_flush(hw);
}

/**
 * e1000e_mac_hash_mc - multicast hash with the default offset (bits 47:36)
 * @addr: multicast address
 *
 * Return: 12-bit index into the 4096-bit table.
 */
u32 e1000e_mac_hash_mc(const u8 *addr)
{
	return ((addr[4] >> 4) | ((u32)addr[5] << 4)) & 0xfff;
}

/**
 * e1000e_mac_clear_counters - read (and so clear) the statistics block
 * @hw: hardware state
 */
void e1000e_mac_clear_counters(struct e1000e_hw *hw)
{
	u32 reg;

	for (reg = E1000E_STATS_BASE; reg <= E1000E_STATS_END; reg += 4)
		e1000e_rd32(hw, reg);
}

/**
 * e1000e_mac_fc_watermarks - program the flow control thresholds
 * @hw: hardware state
 */
void e1000e_mac_fc_watermarks(struct e1000e_hw *hw)
{
	u32 lo = 0, hi = 0;

	if (hw->mac.fc_current == E1000E_FC_TX_PAUSE ||
	    hw->mac.fc_current == E1000E_FC_FULL) {
		lo = (hw->mac.fc_low_water & 0xfff8) | E1000E_FCRTL_XONE;
		hi = hw->mac.fc_high_water & 0xfff8;
	}
	e1000e_wr32(hw, E1000E_FCRTL, lo);
	e1000e_wr32(hw, E1000E_FCRTH, hi);
}

/**
 * e1000e_mac_setup_fc - set up flow control and bring up the copper link
 * @hw: hardware state
 *
 * Return: 0 or a negative error from the PHY.
 */
int e1000e_mac_setup_fc(struct e1000e_hw *hw)
{
	int ret;

	hw->mac.fc_current = hw->mac.fc_requested;

	/* PAUSE frame recognition: reserved multicast address and type */
	e1000e_wr32(hw, E1000E_FCT, 0x8808);
	e1000e_wr32(hw, E1000E_FCAH, 0x0100);
	e1000e_wr32(hw, E1000E_FCAL, 0x00c28001);
	e1000e_wr32(hw, E1000E_FCTTV, hw->mac.fc_pause_time);

	ret = hw->fam->phy->setup(hw);
	if (ret)
		return ret;
	ret = e1000e_phy_setup_copper(hw);
	if (ret)
		return ret;

	e1000e_mac_fc_watermarks(hw);
	return 0;
}

static void e1000e_mac_resolve_fc(struct e1000e_hw *hw)
{
	enum e1000e_fc_mode mode = hw->mac.fc_current;
	u16 adv, lpa;
	u32 ctrl;

	if (hw->mac.autoneg && hw->mac.fc_autoneg) {
		if (e1000e_phy_read(hw, MII_ADVERTISE, &adv) ||
		    e1000e_phy_read(hw, MII_LPA, &lpa))
			return;

		mode = E1000E_FC_NONE;
		if ((adv & ADVERTISE_PAUSE_CAP) && (lpa & LPA_PAUSE_CAP)) {
			mode = hw->mac.fc_requested == E1000E_FC_FULL ?
			       E1000E_FC_FULL : E1000E_FC_RX_PAUSE;
		} else if ((adv & ADVERTISE_PAUSE_ASYM) &&
			   (lpa & LPA_PAUSE_ASYM)) {
			if (!(adv & ADVERTISE_PAUSE_CAP) &&
			    (lpa & LPA_PAUSE_CAP))
				mode = E1000E_FC_TX_PAUSE;
			else if ((adv & ADVERTISE_PAUSE_CAP) &&
				 !(lpa & LPA_PAUSE_CAP))
				mode = E1000E_FC_RX_PAUSE;
		}
		if (!hw->mac.full_duplex)
			mode = E1000E_FC_NONE;
		hw->mac.fc_current = mode;
	}

	ctrl = e1000e_rd32(hw, E1000E_CTRL);
	ctrl &= ~(E1000E_CTRL_RFCE | E1000E_CTRL_TFCE);
	if (mode == E1000E_FC_RX_PAUSE || mode == E1000E_FC_FULL)
		ctrl |= E1000E_CTRL_RFCE;
	if (mode == E1000E_FC_TX_PAUSE || mode == E1000E_FC_FULL)
		ctrl |= E1000E_CTRL_TFCE;
	e1000e_wr32(hw, E1000E_CTRL, ctrl);
}

/**
 * e1000e_mac_check_copper_link - refresh link state from STATUS
 * @hw: hardware state
 *
 * On a transition to link up, sets the collision distance and resolves
 * flow control from the autonegotiation result.
 *
 * Return: 0, or -ENODEV when the device does not answer.
 */
int e1000e_mac_check_copper_link(struct e1000e_hw *hw)
{
	u32 status = e1000e_rd32(hw, E1000E_STATUS);
	bool was_up = hw->mac.link_up;
	u32 tctl;

	if (status == ~0U)
		return -ENODEV;

	hw->mac.link_up = !!(status & E1000E_STATUS_LU);
	if (!hw->mac.link_up)
		return 0;

	switch (FIELD_GET(E1000E_STATUS_SPEED, status)) {
	case E1000E_STATUS_SPEED_10:
		hw->mac.speed = 10;
		break;
	case E1000E_STATUS_SPEED_100:
		hw->mac.speed = 100;
		break;
	default:
		hw->mac.speed = 1000;
		break;
	}
	hw->mac.full_duplex = !!(status & E1000E_STATUS_FD);

	if (!was_up) {
		tctl = e1000e_rd32(hw, E1000E_TCTL);
		tctl &= ~E1000E_TCTL_COLD;
		tctl |= FIELD_PREP(E1000E_TCTL_COLD, E1000E_COLLISION_DISTANCE);
		e1000e_wr32(hw, E1000E_TCTL, tctl);
		e1000e_mac_resolve_fc(hw);
	}
	return 0;
}

/**
 * e1000e_mac_read_addr - read the permanent MAC address from NVM
 * @hw: hardware state
 *
 * Return: 0 or the NVM read error.
 */
int e1000e_mac_read_addr(struct e1000e_hw *hw)
{
	u16 words[3];
	int ret, i;

	ret = hw->fam->nvm->read(hw, E1000E_NVM_MAC, 3, words);
	if (ret)
		return ret;

	for (i = 0; i < 3; i++) {
		hw->perm_addr[2 * i] = words[i] & 0xff;
		hw->perm_addr[2 * i + 1] = words[i] >> 8;
	}
	memcpy(hw->addr, hw->perm_addr, sizeof(hw->addr));
	return 0;
}
