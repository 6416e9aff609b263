// SPDX-License-Identifier: GPL-2.0
/* Intel PRO/1000 PCIe: the 82574 and 82583 family
 *
 * Both parts share one MAC design with an integrated BM PHY at MDIO
 * address 1 and a 64-word NVM read through EERD. The 82574 has two queue
 * pairs, MSI-X and jumbo frames; the 82583 has one queue and no jumbo
 * frames.
 */

#include "e1000e_hw.h"

#define E1000E_82574_OWN_TRIES	10

static void e1000e_82574_put_sw_own(struct e1000e_hw *hw)
{
	u32 ext = e1000e_rd32(hw, E1000E_EXTCNF_CTRL);

	e1000e_wr32(hw, E1000E_EXTCNF_CTRL, ext & ~E1000E_EXTCNF_MDIO_SW_OWN);
}

static int e1000e_82574_acquire(struct e1000e_hw *hw)
{
	u32 ext;
	int i;

	mutex_lock(&hw->swflag_lock);
	for (i = 0; i < E1000E_82574_OWN_TRIES; i++) {
		ext = e1000e_rd32(hw, E1000E_EXTCNF_CTRL);
		e1000e_wr32(hw, E1000E_EXTCNF_CTRL,
			    ext | E1000E_EXTCNF_MDIO_SW_OWN);
		ext = e1000e_rd32(hw, E1000E_EXTCNF_CTRL);
		if (ext != ~0U && (ext & E1000E_EXTCNF_MDIO_SW_OWN))
			return 0;
		usleep_range(2000, 4000);
	}

	e1000e_82574_put_sw_own(hw);
	mutex_unlock(&hw->swflag_lock);
	hw_dbg(hw, "firmware keeps the MDIO interface\n");
	return -EBUSY;
}

static void e1000e_82574_release(struct e1000e_hw *hw)
{
	e1000e_82574_put_sw_own(hw);
	mutex_unlock(&hw->swflag_lock);
}

static int e1000e_82574_reset(struct e1000e_hw *hw)
{
	u32 ctrl, tctl;
	int own, ret;

	/* let DMA drain so the bus does not hang across the reset */
	e1000e_mac_disable_master(hw);

	e1000e_wr32(hw, E1000E_IMC, ~0U);
	e1000e_wr32(hw, E1000E_RCTL, 0);
	tctl = e1000e_rd32(hw, E1000E_TCTL);
	e1000e_wr32(hw, E1000E_TCTL, tctl & ~E1000E_TCTL_EN);
	e1000e_flush(hw);
	usleep_range(10000, 11000);

	/* MDIO ownership reverts to firmware at reset: hold it across */
	own = e1000e_82574_acquire(hw);
	ctrl = e1000e_rd32(hw, E1000E_CTRL);
	e1000e_wr32(hw, E1000E_CTRL, ctrl | E1000E_CTRL_RST);
	if (!own)
		e1000e_82574_release(hw);

	ret = e1000e_mac_wait_auto_read(hw);
	if (ret)
		return ret;

	/* PHY configuration from NVM runs after the auto read */
	msleep(25);

	e1000e_wr32(hw, E1000E_IMC, ~0U);
	e1000e_rd32(hw, E1000E_ICR);
	hw->mac.link_up = false;
	return 0;
}

static void e1000e_82574_set_bits(struct e1000e_hw *hw, u32 reg, u32 clr,
				  u32 set)
{
	u32 val = e1000e_rd32(hw, reg);

	e1000e_wr32(hw, reg, (val & ~clr) | set);
}

/* Fixed settings the datasheet and errata ask for */
static void e1000e_82574_init_bits(struct e1000e_hw *hw)
{
	int q;

	for (q = 0; q < 2; q++) {
		e1000e_82574_set_bits(hw, E1000E_TXDCTL(q), 0,
				      E1000E_TXDCTL_COUNT_DESC);
		e1000e_82574_set_bits(hw, E1000E_TARC(q), 0,
				      E1000E_TARC_ENABLE);
	}
	e1000e_82574_set_bits(hw, E1000E_TARC(0), GENMASK(30, 27), BIT(26));
	e1000e_82574_set_bits(hw, E1000E_CTRL, BIT(29), 0);
	e1000e_82574_set_bits(hw, E1000E_CTRL_EXT, E1000E_CTRL_EXT_BIT23,
			      E1000E_CTRL_EXT_BIT22);
	e1000e_82574_set_bits(hw, E1000E_GCR, 0, E1000E_GCR_BIT22);
	/* erratum: unreliable PCIe completions with ASPM cause TX hangs */
	e1000e_82574_set_bits(hw, E1000E_GCR2, 0, BIT(0));
}

static int e1000e_82574_setup_link(struct e1000e_hw *hw)
{
	e1000e_82574_set_bits(hw, E1000E_CTRL,
			      E1000E_CTRL_FRCSPD | E1000E_CTRL_FRCDPX,
			      E1000E_CTRL_SLU);
	return e1000e_mac_setup_fc(hw);
}

static int e1000e_82574_init(struct e1000e_hw *hw)
{
	u32 txdctl;
	int ret;

	e1000e_82574_init_bits(hw);
	e1000e_mac_clear_vfta(hw);
	e1000e_mac_init_rx_addrs(hw);
	e1000e_mac_clear_mta(hw);

	ret = e1000e_82574_setup_link(hw);

	/* write back every descriptor, one at a time */
	txdctl = e1000e_rd32(hw, E1000E_TXDCTL(0));
	txdctl &= ~E1000E_TXDCTL_WTHRESH;
	txdctl |= E1000E_TXDCTL_GRAN | FIELD_PREP(E1000E_TXDCTL_WTHRESH, 1) |
		  E1000E_TXDCTL_COUNT_DESC;
	e1000e_wr32(hw, E1000E_TXDCTL(0), txdctl);
	e1000e_82574_set_bits(hw, E1000E_GCR, 0, E1000E_GCR_L1_ACT_NO_L0S_RX);

	/* after link setup, so idle symbol errors are not counted */
	e1000e_mac_clear_counters(hw);
	return ret;
}

static const struct e1000e_mac_ops e1000e_82574_mac_ops = {
	.reset		= e1000e_82574_reset,
	.init		= e1000e_82574_init,
	.setup_link	= e1000e_82574_setup_link,
	.check_link	= e1000e_mac_check_copper_link,
};

static const struct e1000e_phy_ops e1000e_82574_phy_ops = {
	.acquire	= e1000e_82574_acquire,
	.release	= e1000e_82574_release,
	.read_reg	= e1000e_phy_bm_read,
	.write_reg	= e1000e_phy_bm_write,
	.reset		= e1000e_phy_hw_reset,
	.identify	= e1000e_phy_identify,
	.setup		= e1000e_phy_setup_m88,
	.power		= e1000e_phy_power,
};

static int e1000e_82574_nvm_read(struct e1000e_hw *hw, u16 off, u16 n,
				 u16 *data)
{
	int ret;

	ret = e1000e_82574_acquire(hw);
	if (ret)
		return ret;
	ret = e1000e_nvm_eerd_read(hw, off, n, data);
	e1000e_82574_release(hw);
	return ret;
}

static const struct e1000e_nvm_ops e1000e_82574_nvm_ops = {
	.read		= e1000e_82574_nvm_read,
	.validate	= e1000e_nvm_validate_sum,
};

const struct e1000e_family e1000e_82574_family = {
	.name		= "82574L",
	.mac_type	= E1000E_MAC_82574,
	.flags		= E1000E_FAM_JUMBO | E1000E_FAM_MSIX | E1000E_FAM_RSS |
			  E1000E_FAM_VLAN_FILTER | E1000E_FAM_NO_ASPM,
	.max_frame	= 9018,
	.rx_pba_kb	= 32,
	.num_queues	= 2,
	.num_vectors	= 5,
	.mac		= &e1000e_82574_mac_ops,
	.phy		= &e1000e_82574_phy_ops,
	.nvm		= &e1000e_82574_nvm_ops,
};

const struct e1000e_family e1000e_82583_family = {
	.name		= "82583V",
	.mac_type	= E1000E_MAC_82583,
	.flags		= E1000E_FAM_VLAN_FILTER | E1000E_FAM_NO_ASPM,
	.max_frame	= 1518,
	.rx_pba_kb	= 32,
	.num_queues	= 1,
	.num_vectors	= 0,
	.mac		= &e1000e_82574_mac_ops,
	.phy		= &e1000e_82574_phy_ops,
	.nvm		= &e1000e_82574_nvm_ops,
};

/**
 * e1000e_hw_init_state - set software defaults for a new device
 * @hw: hardware state, hw_addr and dev already set
 * @fam: family of the device
 *
 * Return: 0.
 */
int e1000e_hw_init_state(struct e1000e_hw *hw, const struct e1000e_family *fam)
{
	hw->fam = fam;
	mutex_init(&hw->swflag_lock);
	hw->phy.addr = 1;
	hw->phy.autoneg_advertised = E1000E_ADV_ALL;
	hw->phy.mdix = ETH_TP_MDI_AUTO;
	hw->mac.autoneg = true;
	hw->mac.fc_autoneg = true;
	hw->mac.fc_requested = E1000E_FC_FULL;
	hw->mac.fc_pause_time = E1000E_FC_PAUSE_TIME;
	return 0;
}
