/* SPDX-License-Identifier: GPL-2.0 */
/* Register model of the 82574L/82583V for the hwsim tests */
#ifndef _HWSIM_SIM_H
#define _HWSIM_SIM_H
#include <linux/types.h>

#define SIM_BAR_SIZE	0x20000

struct sim {
	u32 regs[SIM_BAR_SIZE / 4];
	u16 nvm[64];
	u16 phy[8][32];		/* [page][reg] */
	u16 phy_page;
	u16 lp_adv;		/* link partner advertisement (MII_LPA) */
	bool msix;		/* MSI-X: the 82574L has it, the 82583V not */
	bool mdic_stuck;	/* MDIC never completes */
	bool fw_owns_mdio;	/* EXTCNF_CTRL.MDIO_SW_OWN never sticks */
	bool cable;		/* link partner present */
	unsigned long clock_us;
	unsigned long events;
	unsigned long limit;
	unsigned int resets, phy_resets, mdic_ops, eerd_reads, writes;
	unsigned int an_restarts;	/* autonegotiation restarts (link drops) */
	/* at the last CTRL.RST write */
	u32 ims_at_reset;		/* interrupt mask */
	bool mdio_owned_at_reset;	/* software held MDIO ownership */
};

extern struct sim *sim;
extern u8 sim_bar[];
/* driver actions the hardware refuses ("hwsim: ..." on stderr); kept
 * across sim_init so that a case with several boards counts them all
 */
extern unsigned int sim_refusals;

void sim_init(struct sim *s, u16 device_id);
void sim_fix_checksum(struct sim *s);
void sim_set_cable(struct sim *s, bool present);
u32 sim_reg(u32 off);

#endif
