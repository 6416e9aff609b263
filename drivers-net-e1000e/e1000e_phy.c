// SPDX-License-Identifier: GPL-2.0
/* Intel PRO/1000 PCIe: PHY access over MDIC and copper link setup */

#include "e1000e_hw.h"

#define E1000E_MDIC_POLLS	1920
#define E1000E_PHY_RESET_US	100

/* Caller owns the MDIO interface. */
static int e1000e_phy_mdic_cycle(struct e1000e_hw *hw, u32 cmd, u32 reg,
				 u16 *val)
{
	u32 mdic;
	int i;

	e1000e_wr32(hw, E1000E_MDIC, cmd |
		    FIELD_PREP(E1000E_MDIC_REG, reg) |
		    FIELD_PREP(E1000E_MDIC_PHY, hw->phy.addr));

	for (i = 0; i < E1000E_MDIC_POLLS; i++) {
		usleep_range(50, 100);
		mdic = e1000e_rd32(hw, E1000E_MDIC);
		if (mdic & E1000E_MDIC_READY)
			break;
	}
	if (!(mdic & E1000E_MDIC_READY)) {
		hw_dbg(hw, "MDIC cycle on PHY reg %u timed out\n", reg);
		return -ETIMEDOUT;
	}
	if (mdic == ~0U || (mdic & E1000E_MDIC_ERROR)) {
		hw_dbg(hw, "MDIC cycle on PHY reg %u failed\n", reg);
		return -EIO;
	}
	if (FIELD_GET(E1000E_MDIC_REG, mdic) != reg) {
		hw_dbg(hw, "MDIC answered reg %lu, wanted %u\n",
		       (unsigned long)FIELD_GET(E1000E_MDIC_REG, mdic), reg);
		return -EIO;
	}
	if (val)
		*val = FIELD_GET(E1000E_MDIC_DATA, mdic);
	return 0;
}

/**
 * e1000e_phy_mdic_read - read a PHY register on the current page
 * @hw: hardware state
 * @reg: register number, 0..31
 * @val: where to store the value
 *
 * The caller owns the MDIO interface.
 *
 * Return: 0 or a negative error.
 */
int e1000e_phy_mdic_read(struct e1000e_hw *hw, u32 reg, u16 *val)
{
	if (reg > E1000E_PHY_REG_MASK)
		return -EINVAL;
	return e1000e_phy_mdic_cycle(hw, E1000E_MDIC_OP_READ, reg, val);
}

/**
 * e1000e_phy_mdic_write - write a PHY register on the current page
 * @hw: hardware state
 * @reg: register number, 0..31
 * @val: value
 *
 * The caller owns the MDIO interface.
 *
 * Return: 0 or a negative error.
 */
int e1000e_phy_mdic_write(struct e1000e_hw *hw, u32 reg, u16 val)
{
	if (reg > E1000E_PHY_REG_MASK)
		return -EINVAL;
	return e1000e_phy_mdic_cycle(hw, E1000E_MDIC_OP_WRITE | val, reg,
				     NULL);
}

/* BM PHY: registers 0-15 are on every page, 16-31 follow register 22. */
static int e1000e_phy_bm_page(struct e1000e_hw *hw, u32 reg)
{
	hw->phy.addr = 1;
	if (reg <= 15)
		return 0;
	return e1000e_phy_mdic_write(hw, E1000E_PHY_PAGE_SELECT,
				     reg >> E1000E_PHY_PAGE_SHIFT);
}

/**
 * e1000e_phy_bm_read - read a BM PHY register
 * @hw: hardware state
 * @reg: page << 5 | register
 * @val: where to store the value
 *
 * Return: 0 or a negative error.
 */
int e1000e_phy_bm_read(struct e1000e_hw *hw, u32 reg, u16 *val)
{
	int ret;

	ret = hw->fam->phy->acquire(hw);
	if (ret)
		return ret;
	ret = e1000e_phy_bm_page(hw, reg);
	if (!ret)
		ret = e1000e_phy_mdic_read(hw, reg & E1000E_PHY_REG_MASK, val);
	hw->fam->phy->release(hw);
	return ret;
}

/**
 * e1000e_phy_bm_write - write a BM PHY register
 * @hw: hardware state
 * @reg: page << 5 | register
 * @val: value
 *
 * Return: 0 or a negative error.
 */
int e1000e_phy_bm_write(struct e1000e_hw *hw, u32 reg, u16 val)
{
	int ret;

	ret = hw->fam->phy->acquire(hw);
	if (ret)
		return ret;
	ret = e1000e_phy_bm_page(hw, reg);
	if (!ret)
		ret = e1000e_phy_mdic_write(hw, reg & E1000E_PHY_REG_MASK, val);
	hw->fam->phy->release(hw);
	return ret;
}

/**
 * e1000e_phy_hw_reset - reset the PHY through CTRL.PHY_RST
 * @hw: hardware state
 *
 * Skipped while manageability blocks PHY resets.
 *
 * Return: 0 or a negative error.
 */
int e1000e_phy_hw_reset(struct e1000e_hw *hw)
{
	u32 ctrl;
	int ret;

	if (e1000e_rd32(hw, E1000E_MANC) & BIT(18)) {
		hw_dbg(hw, "PHY reset blocked by manageability\n");
		return 0;
	}

	ret = hw->fam->phy->acquire(hw);
	if (ret)
		return ret;

	ctrl = e1000e_rd32(hw, E1000E_CTRL);
	e1000e_wr32(hw, E1000E_CTRL, ctrl | E1000E_CTRL_PHY_RST);
	e1000e_flush(hw);
	udelay(E1000E_PHY_RESET_US);
	e1000e_wr32(hw, E1000E_CTRL, ctrl);
	e1000e_flush(hw);
	usleep_range(150, 300);

	hw->fam->phy->release(hw);

	/* configuration from NVM */
	mdelay(10);
	return 0;
}

/**
 * e1000e_phy_sw_reset - soft reset through BMCR, commits PHY settings
 * @hw: hardware state
 *
 * Return: 0 or a negative error.
 */
int e1000e_phy_sw_reset(struct e1000e_hw *hw)
{
	u16 bmcr;
	int ret;

	ret = e1000e_phy_read(hw, MII_BMCR, &bmcr);
	if (ret)
		return ret;
	ret = e1000e_phy_write(hw, MII_BMCR, bmcr | BMCR_RESET);
	udelay(1);
	return ret;
}

/**
 * e1000e_phy_identify - read the PHY identifier
 * @hw: hardware state
 *
 * Return: 0 or a negative error.
 */
int e1000e_phy_identify(struct e1000e_hw *hw)
{
	u16 id1, id2;
	int ret;

	ret = e1000e_phy_read(hw, MII_PHYSID1, &id1);
	if (ret)
		return ret;
	usleep_range(20, 40);
	ret = e1000e_phy_read(hw, MII_PHYSID2, &id2);
	if (ret)
		return ret;

	hw->phy.id = ((u32)id1 << 16) | id2;
	hw->phy.revision = id2 & ~E1000E_PHY_ID_MASK;
	return 0;
}

/**
 * e1000e_phy_setup_m88 - Marvell-style (BM) PHY settings before link
 * @hw: hardware state
 *
 * Selects MDI/MDI-X crossover, keeps polarity correction on and enables
 * downshift (on the R2 part: off, commit, on, as the part requires).
 * Settings the PHY already has are not committed again.
 *
 * Return: 0 or a negative error.
 */
int e1000e_phy_setup_m88(struct e1000e_hw *hw)
{
	bool r2 = hw->phy.id == E1000E_PHY_ID_BM_R2;
	u16 pscr, old;
	int ret;

	ret = e1000e_phy_read(hw, E1000E_PHY_SPEC_CTRL, &old);
	if (ret)
		return ret;

	pscr = old & ~(E1000E_PSCR_AUTO_X | E1000E_PSCR_POLARITY_REV);
	switch (hw->phy.mdix) {
	case ETH_TP_MDI:
		break;
	case ETH_TP_MDI_X:
		pscr |= FIELD_PREP(E1000E_PSCR_AUTO_X, 1);
		break;
	default:
		pscr |= E1000E_PSCR_AUTO_X;
		break;
	}

	/* already set up (a MAC reset leaves the PHY alone): a commit
	 * would restart autonegotiation and drop a working link
	 */
	if ((pscr | E1000E_PSCR_BM_DOWNSHIFT) == old)
		return 0;

	if (r2) {
		pscr &= ~E1000E_PSCR_BM_DOWNSHIFT;
		ret = e1000e_phy_write(hw, E1000E_PHY_SPEC_CTRL, pscr);
		if (!ret)
			ret = e1000e_phy_sw_reset(hw);
		if (ret)
			return ret;
	}
	pscr |= E1000E_PSCR_BM_DOWNSHIFT;
	ret = e1000e_phy_write(hw, E1000E_PHY_SPEC_CTRL, pscr);
	if (ret)
		return ret;

	if (r2) {
		ret = e1000e_phy_write(hw, 29, 0x0003);
		if (!ret)
			ret = e1000e_phy_write(hw, 30, 0x0000);
		if (ret)
			return ret;
	}
	return e1000e_phy_sw_reset(hw);
}

/* e1000e_phy_advertise - write the advertisement registers
 * @changed: set to whether they held something else
 */
static int e1000e_phy_advertise(struct e1000e_hw *hw, bool *changed)
{
	u16 want = hw->phy.autoneg_advertised;
	u16 adv, gbcr, old_adv, old_gbcr;
	int ret;

	ret = e1000e_phy_read(hw, MII_ADVERTISE, &old_adv);
	if (!ret)
		ret = e1000e_phy_read(hw, MII_CTRL1000, &old_gbcr);
	if (ret)
		return ret;
	adv = old_adv;
	gbcr = old_gbcr;

	adv &= ~(ADVERTISE_10HALF | ADVERTISE_10FULL | ADVERTISE_100HALF |
		 ADVERTISE_100FULL | ADVERTISE_PAUSE_CAP |
		 ADVERTISE_PAUSE_ASYM);
	gbcr &= ~(ADVERTISE_1000HALF | ADVERTISE_1000FULL);

	if (want & E1000E_ADV_10_HALF)
		adv |= ADVERTISE_10HALF;
	if (want & E1000E_ADV_10_FULL)
		adv |= ADVERTISE_10FULL;
	if (want & E1000E_ADV_100_HALF)
		adv |= ADVERTISE_100HALF;
	if (want & E1000E_ADV_100_FULL)
		adv |= ADVERTISE_100FULL;
	if (want & E1000E_ADV_1000_FULL)
		gbcr |= ADVERTISE_1000FULL;

	switch (hw->mac.fc_current) {
	case E1000E_FC_RX_PAUSE:
	case E1000E_FC_FULL:
		/* no way to say "receive only": advertise both, fix later */
		adv |= ADVERTISE_PAUSE_CAP | ADVERTISE_PAUSE_ASYM;
		break;
	case E1000E_FC_TX_PAUSE:
		adv |= ADVERTISE_PAUSE_ASYM;
		break;
	default:
		break;
	}

	*changed = adv != old_adv || gbcr != old_gbcr;
	if (!*changed)
		return 0;
	ret = e1000e_phy_write(hw, MII_ADVERTISE, adv);
	if (!ret)
		ret = e1000e_phy_write(hw, MII_CTRL1000, gbcr);
	return ret;
}

/* e1000e_phy_has_link - BMSR link status, read twice: the bit latches low */
static bool e1000e_phy_has_link(struct e1000e_hw *hw)
{
	u16 bmsr;

	if (e1000e_phy_read(hw, MII_BMSR, &bmsr) ||
	    e1000e_phy_read(hw, MII_BMSR, &bmsr))
		return false;
	return bmsr & BMSR_LSTATUS;
}

static int e1000e_phy_force(struct e1000e_hw *hw)
{
	u32 ctrl = e1000e_rd32(hw, E1000E_CTRL);
	u16 bmcr;
	int ret;

	ret = e1000e_phy_read(hw, MII_BMCR, &bmcr);
	if (ret)
		return ret;

	bmcr &= ~(BMCR_ANENABLE | BMCR_SPEED100 | BMCR_SPEED1000 |
		  BMCR_FULLDPLX);
	ctrl &= ~(E1000E_CTRL_FD | E1000E_CTRL_SPEED);
	ctrl |= E1000E_CTRL_FRCSPD | E1000E_CTRL_FRCDPX;
	if (hw->mac.forced_full) {
		bmcr |= BMCR_FULLDPLX;
		ctrl |= E1000E_CTRL_FD;
	}
	if (hw->mac.forced_speed == 100) {
		bmcr |= BMCR_SPEED100;
		ctrl |= FIELD_PREP(E1000E_CTRL_SPEED, 1);
	}
	e1000e_wr32(hw, E1000E_CTRL, ctrl);

	ret = e1000e_phy_write(hw, MII_BMCR, bmcr);
	if (ret)
		return ret;
	return e1000e_phy_sw_reset(hw);
}

/**
 * e1000e_phy_restart_autoneg - enable and restart autonegotiation
 * @hw: hardware state
 *
 * Return: 0 or a negative error.
 */
int e1000e_phy_restart_autoneg(struct e1000e_hw *hw)
{
	u16 bmcr;
	int ret;

	ret = e1000e_phy_read(hw, MII_BMCR, &bmcr);
	if (ret)
		return ret;
	hw->mac.link_up = false;
	bmcr |= BMCR_ANENABLE | BMCR_ANRESTART;
	return e1000e_phy_write(hw, MII_BMCR, bmcr);
}

/**
 * e1000e_phy_setup_copper - start autonegotiation or force speed/duplex
 * @hw: hardware state
 *
 * Does not wait for link; the link change interrupt reports it. A link
 * the PHY holds, autonegotiated with the advertisement asked for now, is
 * kept: a MAC reset (TX hang recovery, ring or MTU change) then costs
 * the link partner no link drop and the stack no carrier loss.
 *
 * Return: 0 or a negative error.
 */
int e1000e_phy_setup_copper(struct e1000e_hw *hw)
{
	bool changed;
	u16 bmcr;
	int ret;

	if (!hw->mac.autoneg) {
		hw->mac.link_up = false;
		return e1000e_phy_force(hw);
	}

	if (!(hw->phy.autoneg_advertised & E1000E_ADV_ALL))
		hw->phy.autoneg_advertised = E1000E_ADV_ALL;

	ret = e1000e_phy_advertise(hw, &changed);
	if (ret)
		return ret;

	ret = e1000e_phy_read(hw, MII_BMCR, &bmcr);
	if (ret)
		return ret;
	if (!changed && (bmcr & BMCR_ANENABLE) &&
	    !(bmcr & (BMCR_ISOLATE | BMCR_PDOWN)) && e1000e_phy_has_link(hw))
		return 0;
	return e1000e_phy_restart_autoneg(hw);
}

/**
 * e1000e_phy_power - power the copper PHY up or down
 * @hw: hardware state
 * @up: true to power up
 */
void e1000e_phy_power(struct e1000e_hw *hw, bool up)
{
	u16 bmcr;

	if (e1000e_phy_read(hw, MII_BMCR, &bmcr))
		return;
	if (up)
		bmcr &= ~BMCR_PDOWN;
	else
		bmcr |= BMCR_PDOWN;
	e1000e_phy_write(hw, MII_BMCR, bmcr);
	if (!up)
		usleep_range(1000, 2000);
}
