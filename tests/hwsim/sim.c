// SPDX-License-Identifier: GPL-2.0
/* Register model of the 82574L/82583V: enough of reset, EERD, MDIC, the
 * BM PHY with its page register, and link for the family code to run.
 * What the hardware would refuse is reported ("hwsim: ...") and counted in
 * sim_refusals; the harness fails a case that leaves it non-zero.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bitfield.h>
#include <linux/mii.h>

#include "sim.h"
#include "e1000e_regs.h"

struct sim *sim;
u8 sim_bar[16];		/* only its address is used: BAR0 base */
unsigned int sim_refusals;

static const u8 sim_mac[6] = { 0x52, 0x54, 0x00, 0x12, 0x34, 0x56 };

void sim_delay_us(unsigned long us)
{
	sim->clock_us += us;
	if (++sim->events > sim->limit) {
		fprintf(stderr, "hwsim: event limit hit (a poll that never ends?)\n");
		exit(2);
	}
}

static void sim_refuse(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

static void sim_refuse(const char *fmt, ...)
{
	va_list ap;

	sim_refusals++;
	fputs("hwsim: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void sim_fix_checksum(struct sim *s)
{
	u16 sum = 0;
	int i;

	for (i = 0; i < E1000E_NVM_CHECKSUM; i++)
		sum += s->nvm[i];
	s->nvm[E1000E_NVM_CHECKSUM] = E1000E_NVM_SUM - sum;
}

static void sim_load_rar0(struct sim *s)
{
	s->regs[E1000E_RAL(0) / 4] = s->nvm[0] | (s->nvm[1] << 16);
	s->regs[E1000E_RAH(0) / 4] = s->nvm[2] | E1000E_RAH_AV;
}

static void sim_phy_reset(struct sim *s)
{
	memset(s->phy, 0, sizeof(s->phy));
	s->phy[0][MII_BMCR] = BMCR_ANENABLE | BMCR_SPEED1000 | BMCR_FULLDPLX;
	s->phy[0][MII_BMSR] = BMSR_ANEGCAPABLE | BMSR_ESTATEN | 0x7800;
	s->phy[0][MII_PHYSID1] = 0x0141;
	s->phy[0][MII_PHYSID2] = 0x0cb1;
	s->phy[0][MII_ADVERTISE] = ADVERTISE_ALL | ADVERTISE_CSMA;
	s->phy[0][MII_CTRL1000] = ADVERTISE_1000FULL | ADVERTISE_1000HALF;
	s->phy[0][E1000E_PHY_SPEC_CTRL] = 0x0060;
	s->phy_page = 0;
	s->phy_resets++;
}

void sim_init(struct sim *s, u16 device_id)
{
	memset(s, 0, sizeof(*s));
	switch (device_id) {
	case 0x10d3:	/* 82574L */
	case 0x10f6:	/* 82574LA */
		s->msix = true;
		break;
	case 0x150c:	/* 82583V: no MSI-X */
		break;
	default:
		fprintf(stderr, "hwsim: no model for device 0x%04x\n", device_id);
		exit(2);
	}
	s->limit = 1000000;
	s->cable = true;
	s->lp_adv = LPA_1000FULL | LPA_100FULL | LPA_PAUSE_CAP | 0x1e0;
	s->nvm[0] = sim_mac[0] | (sim_mac[1] << 8);
	s->nvm[1] = sim_mac[2] | (sim_mac[3] << 8);
	s->nvm[2] = sim_mac[4] | (sim_mac[5] << 8);
	s->nvm[11] = device_id;
	s->nvm[13] = device_id;
	sim_fix_checksum(s);
	s->regs[E1000E_EECD / 4] = E1000E_EECD_AUTO_RD;
	s->regs[E1000E_STATUS / 4] = E1000E_STATUS_GIO_MASTER_EN;
	s->regs[E1000E_TARC(0) / 4] = E1000E_TARC_ENABLE;
	s->regs[E1000E_TARC(1) / 4] = E1000E_TARC_ENABLE;
	s->regs[E1000E_PBA / 4] = 0x00140014;
	sim_load_rar0(s);
	sim_phy_reset(s);
	sim = s;
}

static bool sim_sw_owns_mdio(struct sim *s)
{
	return (s->regs[E1000E_EXTCNF_CTRL / 4] & E1000E_EXTCNF_MDIO_SW_OWN) &&
	       !s->fw_owns_mdio;
}

static bool sim_phy_reg_exists(u16 page, u32 reg)
{
	if (reg <= 10 || reg == 15 || reg == E1000E_PHY_PAGE_SELECT)
		return true;
	return page == 0 && (reg == 16 || reg == 17 || reg == 22 ||
			     reg == 29 || reg == 30);
}

static void sim_link_update(struct sim *s)
{
	u32 *st = &s->regs[E1000E_STATUS / 4];

	*st &= ~(E1000E_STATUS_LU | E1000E_STATUS_FD | E1000E_STATUS_SPEED);
	if (!s->cable || !(s->phy[0][MII_BMSR] & BMSR_LSTATUS))
		return;
	*st |= E1000E_STATUS_LU | E1000E_STATUS_FD |
	       FIELD_PREP(E1000E_STATUS_SPEED, E1000E_STATUS_SPEED_1000);
}

/* plug or pull the cable; a plugged cable links up only by autoneg */
void sim_set_cable(struct sim *s, bool present)
{
	s->cable = present;
	if (!present)
		s->phy[0][MII_BMSR] &= ~(BMSR_ANEGCOMPLETE | BMSR_LSTATUS);
	sim_link_update(s);
}

static void sim_mdic(struct sim *s, u32 val)
{
	u32 reg = FIELD_GET(E1000E_MDIC_REG, val);
	u32 addr = FIELD_GET(E1000E_MDIC_PHY, val);
	u16 page = reg <= 15 ? 0 : s->phy_page;
	u16 data = val & 0xffff;
	u32 out = val & ~(E1000E_MDIC_READY | E1000E_MDIC_ERROR);

	s->mdic_ops++;
	if (s->mdic_stuck) {
		s->regs[E1000E_MDIC / 4] = out;
		return;
	}
	if (!sim_sw_owns_mdio(s))
		sim_refuse("MDIC access without MDIO ownership");
	if (addr != 1 || !sim_phy_reg_exists(page, reg) || page >= 8) {
		s->regs[E1000E_MDIC / 4] = out | E1000E_MDIC_READY |
					   E1000E_MDIC_ERROR;
		return;
	}

	if (val & E1000E_MDIC_OP_READ) {
		out = (out & ~0xffff) | s->phy[page][reg];
	} else if (reg == E1000E_PHY_PAGE_SELECT) {
		s->phy_page = data;
		s->phy[0][reg] = data;
	} else if (reg == MII_BMCR && page == 0) {
		if (data & BMCR_RESET) {
			/* soft reset keeps settings, restarts autoneg */
			data &= ~BMCR_RESET;
			data |= BMCR_ANRESTART;
		}
		if ((data & BMCR_ANRESTART) && (data & BMCR_ANENABLE)) {
			/* the link drops while the PHY renegotiates */
			s->an_restarts++;
			s->phy[0][MII_BMSR] &= ~(BMSR_ANEGCOMPLETE |
						 BMSR_LSTATUS);
		}
		if ((data & BMCR_ANRESTART) && (data & BMCR_ANENABLE) &&
		    s->cable) {
			data &= ~BMCR_ANRESTART;
			s->phy[0][MII_BMSR] |= BMSR_ANEGCOMPLETE | BMSR_LSTATUS;
			s->phy[0][MII_LPA] = s->lp_adv;
		}
		s->phy[0][reg] = data & ~BMCR_ANRESTART;
		sim_link_update(s);
	} else if (reg == MII_BMSR || reg == MII_PHYSID1 ||
		   reg == MII_PHYSID2 || reg == MII_LPA) {
		/* read only */
	} else {
		s->phy[page][reg] = data;
	}
	s->regs[E1000E_MDIC / 4] = out | E1000E_MDIC_READY;
}

static void sim_eerd(struct sim *s, u32 val)
{
	u32 addr = FIELD_GET(E1000E_EERD_ADDR, val);

	s->eerd_reads++;
	if (!(val & E1000E_EERD_START) || addr >= 64) {
		s->regs[E1000E_EERD / 4] = val & ~E1000E_EERD_DONE;
		return;
	}
	s->regs[E1000E_EERD / 4] = (val & 0xfffc) | E1000E_EERD_DONE |
				   ((u32)s->nvm[addr] << 16);
}

u32 sim_reg(u32 off)
{
	return sim->regs[off / 4];
}

u32 sim_readl(const volatile void *addr)
{
	size_t off = (const volatile u8 *)addr - sim_bar;
	u32 v;

	if (off >= SIM_BAR_SIZE || (off & 3)) {
		fprintf(stderr, "hwsim: read outside BAR0 at 0x%zx\n", off);
		exit(2);
	}
	sim_delay_us(0);
	v = sim->regs[off / 4];
	if (off == E1000E_ICR)
		sim->regs[off / 4] = 0;
	if (off >= E1000E_STATS_BASE && off <= E1000E_STATS_END)
		sim->regs[off / 4] = 0;
	if (off == E1000E_EXTCNF_CTRL && sim->fw_owns_mdio)
		v &= ~E1000E_EXTCNF_MDIO_SW_OWN;
	return v;
}

void sim_writel(u32 val, volatile void *addr)
{
	size_t off = (volatile u8 *)addr - sim_bar;
	struct sim *s = sim;

	if (off >= SIM_BAR_SIZE || (off & 3)) {
		fprintf(stderr, "hwsim: write outside BAR0 at 0x%zx\n", off);
		exit(2);
	}
	sim_delay_us(0);
	s->writes++;
	switch (off) {
	case E1000E_CTRL:
		if (val & E1000E_CTRL_RST) {
			s->resets++;
			s->ims_at_reset = s->regs[E1000E_IMS / 4];
			s->mdio_owned_at_reset = sim_sw_owns_mdio(s);
			val &= ~E1000E_CTRL_RST;
			/* the device reset masks every interrupt cause */
			s->regs[E1000E_IMS / 4] = 0;
			s->regs[E1000E_STATUS / 4] |= E1000E_STATUS_GIO_MASTER_EN;
			s->regs[E1000E_EXTCNF_CTRL / 4] = 0;
			s->regs[E1000E_EECD / 4] |= E1000E_EECD_AUTO_RD;
			sim_load_rar0(s);
			val &= ~E1000E_CTRL_GIO_MASTER_DIS;
		}
		if (val & E1000E_CTRL_PHY_RST)
			sim_phy_reset(s);
		if (val & E1000E_CTRL_GIO_MASTER_DIS)
			s->regs[E1000E_STATUS / 4] &= ~E1000E_STATUS_GIO_MASTER_EN;
		break;
	case E1000E_MDIC:
		sim_mdic(s, val);
		return;
	case E1000E_EERD:
		sim_eerd(s, val);
		return;
	case E1000E_ICR:
		s->regs[off / 4] &= ~val;
		return;
	case E1000E_IMC:
		s->regs[E1000E_IMS / 4] &= ~val;
		return;
	case E1000E_IMS:
		s->regs[off / 4] |= val;
		return;
	case E1000E_STATUS:
		return;
	case E1000E_EIAC:
	case E1000E_IVAR:
	case E1000E_EITR(0) ... E1000E_EITR(4):
		if (!s->msix) {
			sim_refuse("write to MSI-X register 0x%03zx: this part has no MSI-X",
				   off);
			return;
		}
		break;
	}
	s->regs[off / 4] = val;
}
