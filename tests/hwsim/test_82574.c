// SPDX-License-Identifier: GPL-2.0
/* hwsim: run the 82574/82583 family code (reset, init, NVM, PHY, link)
 * against the register model and check what it left in the device.
 * Each case runs in a fresh process and fails on a failed EXPECT, on an
 * action the model refuses, or on any other non-zero exit (a sanitizer
 * report, an assert, a signal); prints "ok N name" or
 * "FAIL name: case N, why" (the forms tests/host/hwsim.sh reads).
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/mii.h>

#include "sim.h"
#include "e1000e_hw.h"

static struct sim the_sim;
static struct device the_dev;
static struct e1000e_hw hw;
static int failed;

#define EXPECT(cond) do { if (!(cond)) { \
	fprintf(stderr, "  %s:%d: %s\n", __FILE__, __LINE__, #cond); \
	failed = 1; } } while (0)

static void board(const struct e1000e_family *fam, u16 devid)
{
	sim_init(&the_sim, devid);
	memset(&hw, 0, sizeof(hw));
	the_dev.verbose = !!getenv("HWSIM_VERBOSE");
	hw.hw_addr = sim_bar;
	hw.dev = &the_dev;
	hw.device_id = devid;
	e1000e_hw_init_state(&hw, fam);
}

/* the probe-time sequence of the driver */
static int probe_seq(void)
{
	int ret = hw.fam->mac->reset(&hw);

	if (!ret)
		ret = hw.fam->phy->identify(&hw);
	if (!ret)
		ret = hw.fam->phy->reset(&hw);
	if (!ret)
		ret = hw.fam->nvm->validate(&hw);
	if (!ret)
		ret = e1000e_mac_read_addr(&hw);
	return ret;
}

static void t_reset(void)
{
	board(&e1000e_82574_family, 0x10d3);
	/* a running device: receiving, sending, interrupts unmasked */
	the_sim.regs[E1000E_RCTL / 4] = E1000E_RCTL_EN;
	the_sim.regs[E1000E_TCTL / 4] = E1000E_TCTL_EN;
	the_sim.regs[E1000E_IMS / 4] = E1000E_INT_LSC | E1000E_INT_RXT0 |
				       E1000E_INT_TXDW;
	the_sim.regs[E1000E_ICR / 4] = E1000E_INT_LSC;
	EXPECT(hw.fam->mac->reset(&hw) == 0);
	EXPECT(the_sim.resets == 1);
	/* interrupts were masked when CTRL.RST was written (the reset itself
	 * clears IMS, so only the mask at that moment tells)
	 */
	EXPECT(the_sim.ims_at_reset == 0);
	/* MDIO ownership held across the reset, and given back */
	EXPECT(the_sim.mdio_owned_at_reset);
	EXPECT(!hw.swflag_lock.held);
	EXPECT(!(sim_reg(E1000E_EXTCNF_CTRL) & E1000E_EXTCNF_MDIO_SW_OWN));
	EXPECT(sim_reg(E1000E_RCTL) == 0);
	EXPECT(!(sim_reg(E1000E_TCTL) & E1000E_TCTL_EN));
	EXPECT(sim_reg(E1000E_ICR) == 0);
}

static void t_probe(void)
{
	static const u8 mac[6] = { 0x52, 0x54, 0x00, 0x12, 0x34, 0x56 };

	board(&e1000e_82574_family, 0x10d3);
	EXPECT(probe_seq() == 0);
	EXPECT(hw.phy.id == E1000E_PHY_ID_BM_R2);
	EXPECT(hw.phy.revision == 1);
	EXPECT(the_sim.phy_resets == 2);
	EXPECT(memcmp(hw.perm_addr, mac, 6) == 0);
	EXPECT(memcmp(hw.addr, mac, 6) == 0);
}

static void t_bad_checksum(void)
{
	board(&e1000e_82574_family, 0x10d3);
	the_sim.nvm[E1000E_NVM_CHECKSUM] ^= 1;
	EXPECT(probe_seq() == -EBADMSG);
}

static void t_nvm_range(void)
{
	u16 w[4];
	unsigned int before;

	board(&e1000e_82574_family, 0x10d3);
	before = the_sim.eerd_reads;
	EXPECT(hw.fam->nvm->read(&hw, 62, 4, w) == -EINVAL);
	EXPECT(hw.fam->nvm->read(&hw, 64, 1, w) == -EINVAL);
	EXPECT(the_sim.eerd_reads == before);
	EXPECT(hw.fam->nvm->read(&hw, 11, 1, w) == 0 && w[0] == 0x10d3);
}

/* state a reset leaves that init must change: fixed bits the family
 * code must clear, as firmware or an earlier driver may have left them
 */
static void dirty_init_bits(void)
{
	the_sim.regs[E1000E_CTRL / 4] |= BIT(29) | E1000E_CTRL_FRCSPD |
					 E1000E_CTRL_FRCDPX;
	the_sim.regs[E1000E_CTRL_EXT / 4] |= E1000E_CTRL_EXT_BIT23;
	the_sim.regs[E1000E_TARC(0) / 4] |= GENMASK(30, 27);
}

/* the fixed settings the family code makes on both the 82574L and the
 * 82583V (upstream's 82571.c applies them to both alike)
 */
static void expect_init_bits(void)
{
	u32 txdctl = sim_reg(E1000E_TXDCTL(0));

	EXPECT(txdctl & E1000E_TXDCTL_GRAN);
	EXPECT(txdctl & E1000E_TXDCTL_COUNT_DESC);
	EXPECT(FIELD_GET(E1000E_TXDCTL_WTHRESH, txdctl) == 1);
	EXPECT(sim_reg(E1000E_TXDCTL(1)) & E1000E_TXDCTL_COUNT_DESC);
	EXPECT(sim_reg(E1000E_TARC(0)) & E1000E_TARC_ENABLE);
	EXPECT(sim_reg(E1000E_TARC(0)) & BIT(26));
	EXPECT(!(sim_reg(E1000E_TARC(0)) & GENMASK(30, 27)));
	EXPECT(sim_reg(E1000E_TARC(1)) & E1000E_TARC_ENABLE);
	EXPECT(sim_reg(E1000E_GCR) & E1000E_GCR_BIT22);
	EXPECT(sim_reg(E1000E_GCR) & E1000E_GCR_L1_ACT_NO_L0S_RX);
	EXPECT(sim_reg(E1000E_GCR2) & 1);
	EXPECT(!(sim_reg(E1000E_CTRL) & BIT(29)));
	EXPECT(sim_reg(E1000E_CTRL_EXT) & E1000E_CTRL_EXT_BIT22);
	EXPECT(!(sim_reg(E1000E_CTRL_EXT) & E1000E_CTRL_EXT_BIT23));
	EXPECT(sim_reg(E1000E_CTRL) & E1000E_CTRL_SLU);
	EXPECT(!(sim_reg(E1000E_CTRL) & (E1000E_CTRL_FRCSPD |
					 E1000E_CTRL_FRCDPX)));
}

static void t_init(void)
{
	/* locally administered: the NVM reload at reset cannot provide it */
	static const u8 laa[6] = { 0x02, 0x54, 0x00, 0xab, 0xcd, 0xef };
	u32 i;

	board(&e1000e_82574_family, 0x10d3);
	EXPECT(probe_seq() == 0);
	for (i = 0; i < E1000E_MTA_SIZE; i++)
		the_sim.regs[E1000E_MTA(i) / 4] = 0xdead;
	the_sim.regs[E1000E_VFTA(5) / 4] = 1;
	the_sim.regs[E1000E_RAL(3) / 4] = 0x1234;
	the_sim.regs[E1000E_RAH(3) / 4] = E1000E_RAH_AV;
	hw.mac.fc_high_water = 0x5000;
	hw.mac.fc_low_water = 0x4ff8;

	EXPECT(hw.fam->mac->reset(&hw) == 0);
	dirty_init_bits();
	/* a PHY crossover setting init must change, errata register dirty */
	the_sim.phy[0][E1000E_PHY_SPEC_CTRL] &= ~E1000E_PSCR_AUTO_X;
	the_sim.phy[0][30] = 0xffff;
	memcpy(hw.addr, laa, sizeof(laa));
	EXPECT(hw.fam->mac->init(&hw) == 0);

	EXPECT(sim_reg(E1000E_RAL(0)) == 0xab005402);
	EXPECT(sim_reg(E1000E_RAH(0)) == (0xefcd | E1000E_RAH_AV));
	EXPECT(sim_reg(E1000E_RAH(3)) == 0);
	for (i = 0; i < E1000E_MTA_SIZE; i++)
		EXPECT(sim_reg(E1000E_MTA(i)) == 0);
	EXPECT(sim_reg(E1000E_VFTA(5)) == 0);

	expect_init_bits();
	EXPECT(sim_reg(E1000E_FCT) == 0x8808);
	EXPECT(sim_reg(E1000E_FCAL) == 0x00c28001);
	EXPECT(sim_reg(E1000E_FCAH) == 0x0100);
	EXPECT(sim_reg(E1000E_FCTTV) == E1000E_FC_PAUSE_TIME);
	EXPECT(sim_reg(E1000E_FCRTH) == 0x5000);
	EXPECT(sim_reg(E1000E_FCRTL) == (0x4ff8 | E1000E_FCRTL_XONE));

	/* PHY: full advertisement with symmetric pause, autoneg restarted */
	EXPECT((the_sim.phy[0][MII_ADVERTISE] & (ADVERTISE_ALL |
		ADVERTISE_PAUSE_CAP | ADVERTISE_PAUSE_ASYM)) ==
	       (ADVERTISE_ALL | ADVERTISE_PAUSE_CAP | ADVERTISE_PAUSE_ASYM));
	EXPECT((the_sim.phy[0][MII_CTRL1000] & (ADVERTISE_1000FULL |
		ADVERTISE_1000HALF)) == ADVERTISE_1000FULL);
	EXPECT(the_sim.phy[0][MII_BMCR] & BMCR_ANENABLE);
	EXPECT(the_sim.phy[0][E1000E_PHY_SPEC_CTRL] & E1000E_PSCR_BM_DOWNSHIFT);
	EXPECT((the_sim.phy[0][E1000E_PHY_SPEC_CTRL] & E1000E_PSCR_AUTO_X) ==
	       E1000E_PSCR_AUTO_X);
	EXPECT(the_sim.phy[0][29] == 3 && the_sim.phy[0][30] == 0);
	EXPECT(!(sim_reg(E1000E_EXTCNF_CTRL) & E1000E_EXTCNF_MDIO_SW_OWN));
}

static void t_link(void)
{
	board(&e1000e_82574_family, 0x10d3);
	EXPECT(probe_seq() == 0);
	EXPECT(hw.fam->mac->init(&hw) == 0);
	EXPECT(hw.fam->mac->check_link(&hw) == 0);
	EXPECT(hw.mac.link_up);
	EXPECT(hw.mac.speed == 1000 && hw.mac.full_duplex);
	EXPECT(hw.mac.fc_current == E1000E_FC_FULL);
	EXPECT((sim_reg(E1000E_CTRL) & (E1000E_CTRL_RFCE | E1000E_CTRL_TFCE)) ==
	       (E1000E_CTRL_RFCE | E1000E_CTRL_TFCE));
	EXPECT(FIELD_GET(E1000E_TCTL_COLD, sim_reg(E1000E_TCTL)) == 63);

	/* cable pulled: the link goes down */
	sim_set_cable(&the_sim, false);
	EXPECT(hw.fam->mac->check_link(&hw) == 0 && !hw.mac.link_up);

	/* partner without pause: no flow control (pause left on from before) */
	board(&e1000e_82574_family, 0x10d3);
	the_sim.lp_adv = LPA_100FULL | ADVERTISE_CSMA;
	EXPECT(probe_seq() == 0 && hw.fam->mac->init(&hw) == 0);
	the_sim.regs[E1000E_CTRL / 4] |= E1000E_CTRL_RFCE | E1000E_CTRL_TFCE;
	EXPECT(hw.fam->mac->check_link(&hw) == 0 && hw.mac.link_up);
	EXPECT(hw.mac.fc_current == E1000E_FC_NONE);
	EXPECT(!(sim_reg(E1000E_CTRL) & (E1000E_CTRL_RFCE | E1000E_CTRL_TFCE)));

	/* no cable: init succeeds, link stays down */
	board(&e1000e_82574_family, 0x10d3);
	the_sim.cable = false;
	EXPECT(probe_seq() == 0 && hw.fam->mac->init(&hw) == 0);
	EXPECT(hw.fam->mac->check_link(&hw) == 0 && !hw.mac.link_up);
}

/* a MAC reset (TX hang recovery, ring or MTU change) with the link
 * settings unchanged keeps the PHY's link: no renegotiation
 */
static void t_link_kept(void)
{
	unsigned int an;

	board(&e1000e_82574_family, 0x10d3);
	EXPECT(probe_seq() == 0 && hw.fam->mac->init(&hw) == 0);
	EXPECT(hw.fam->mac->check_link(&hw) == 0 && hw.mac.link_up);
	an = the_sim.an_restarts;
	EXPECT(an > 0);

	EXPECT(hw.fam->mac->reset(&hw) == 0 && hw.fam->mac->init(&hw) == 0);
	EXPECT(the_sim.an_restarts == an);
	EXPECT(hw.fam->mac->check_link(&hw) == 0 && hw.mac.link_up);
	EXPECT(hw.mac.fc_current == E1000E_FC_FULL);

	/* a new advertisement renegotiates */
	hw.phy.autoneg_advertised = E1000E_ADV_100_FULL;
	EXPECT(hw.fam->mac->reset(&hw) == 0 && hw.fam->mac->init(&hw) == 0);
	EXPECT(the_sim.an_restarts == an + 1);
	EXPECT(!(the_sim.phy[0][MII_CTRL1000] & ADVERTISE_1000FULL));
	EXPECT(the_sim.phy[0][MII_ADVERTISE] & ADVERTISE_100FULL);

	/* so does a new MDI/MDI-X choice (the PHY commit) */
	hw.phy.mdix = ETH_TP_MDI;
	EXPECT(hw.fam->mac->reset(&hw) == 0 && hw.fam->mac->init(&hw) == 0);
	EXPECT(the_sim.an_restarts > an + 1);
	EXPECT(!(the_sim.phy[0][E1000E_PHY_SPEC_CTRL] & E1000E_PSCR_AUTO_X));
	an = the_sim.an_restarts;

	/* a PHY that lost its link is renegotiated */
	the_sim.phy[0][MII_BMSR] &= ~BMSR_LSTATUS;
	EXPECT(hw.fam->mac->reset(&hw) == 0 && hw.fam->mac->init(&hw) == 0);
	EXPECT(the_sim.an_restarts == an + 1);
	EXPECT(hw.fam->mac->check_link(&hw) == 0 && hw.mac.link_up);

	/* ethtool -r always renegotiates */
	EXPECT(e1000e_phy_restart_autoneg(&hw) == 0);
	EXPECT(the_sim.an_restarts == an + 2);
}

static void t_forced(void)
{
	board(&e1000e_82574_family, 0x10d3);
	EXPECT(probe_seq() == 0);
	hw.mac.autoneg = false;
	hw.mac.forced_speed = 100;
	hw.mac.forced_full = true;
	the_sim.phy[0][MII_BMCR] &= ~BMCR_FULLDPLX;
	EXPECT(hw.fam->mac->init(&hw) == 0);
	EXPECT(!(the_sim.phy[0][MII_BMCR] & BMCR_ANENABLE));
	EXPECT(the_sim.phy[0][MII_BMCR] & BMCR_SPEED100);
	EXPECT(the_sim.phy[0][MII_BMCR] & BMCR_FULLDPLX);
	EXPECT(sim_reg(E1000E_CTRL) & E1000E_CTRL_FRCSPD);
	EXPECT(sim_reg(E1000E_CTRL) & E1000E_CTRL_FD);
	EXPECT(FIELD_GET(E1000E_CTRL_SPEED, sim_reg(E1000E_CTRL)) == 1);
}

static void t_phy_paging(void)
{
	u16 v;

	board(&e1000e_82574_family, 0x10d3);
	EXPECT(hw.fam->mac->reset(&hw) == 0);
	EXPECT(e1000e_phy_write(&hw, (0 << 5) | 16, 0x1234) == 0);
	EXPECT(e1000e_phy_read(&hw, 16, &v) == 0 && v == 0x1234);
	/* registers 0-15 need no page write */
	the_sim.phy_page = 7;
	EXPECT(e1000e_phy_read(&hw, MII_PHYSID1, &v) == 0 && v == 0x0141);
	EXPECT(the_sim.phy_page == 7);
	/* a missing register reports the MDIC error */
	EXPECT(e1000e_phy_read(&hw, (5 << 5) | 20, &v) == -EIO);
	EXPECT(the_sim.phy_page == 5);
	EXPECT(e1000e_phy_read(&hw, (1 << 5) | 17, &v) == -EIO);
}

static void t_mdic_timeout(void)
{
	u16 v;

	board(&e1000e_82574_family, 0x10d3);
	the_sim.mdic_stuck = true;
	EXPECT(e1000e_phy_read(&hw, MII_BMCR, &v) == -ETIMEDOUT);
	EXPECT(the_sim.clock_us < 1000000);
	EXPECT(!hw.swflag_lock.held);
}

static void t_mdio_owned_by_fw(void)
{
	u16 v;

	board(&e1000e_82574_family, 0x10d3);
	the_sim.fw_owns_mdio = true;
	EXPECT(e1000e_phy_read(&hw, MII_BMCR, &v) == -EBUSY);
	EXPECT(the_sim.mdic_ops == 0);
	EXPECT(!hw.swflag_lock.held);
	/* reset goes ahead without the semaphore */
	EXPECT(hw.fam->mac->reset(&hw) == 0);
	EXPECT(the_sim.resets == 1);
}

/* The 82583V runs the 82574L's family code. Upstream 6.12 (82571.c)
 * drives both through the same reset, init, NVM and PHY paths, expects
 * the same PHY (BME1000_E_PHY_ID_R2) and gives both pba 32; what it gives
 * the 82583V less is MSI-X (no FLAG_HAS_MSIX), which the model refuses.
 */
static void t_82583(void)
{
	board(&e1000e_82583_family, 0x150c);
	EXPECT(!(hw.fam->flags & E1000E_FAM_MSIX) && hw.fam->num_vectors == 0);
	/* our choice, not the part's: upstream's e1000_82583_info has
	 * FLAG_HAS_JUMBO_FRAMES and DEFAULT_JUMBO
	 */
	EXPECT(!(hw.fam->flags & E1000E_FAM_JUMBO));
	EXPECT(hw.fam->num_queues == 1);

	the_sim.regs[E1000E_IMS / 4] = E1000E_INT_LSC;
	EXPECT(probe_seq() == 0);
	EXPECT(the_sim.ims_at_reset == 0 && the_sim.mdio_owned_at_reset);
	EXPECT(hw.phy.id == E1000E_PHY_ID_BM_R2);
	dirty_init_bits();
	EXPECT(hw.fam->mac->init(&hw) == 0);
	expect_init_bits();
	EXPECT(hw.fam->mac->check_link(&hw) == 0 && hw.mac.link_up);
	EXPECT(hw.mac.fc_current == E1000E_FC_FULL);
}

static void t_rar_mta(void)
{
	static const u8 a[6] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 };
	static const u8 mc[6] = { 0x01, 0x00, 0x5e, 0x01, 0x02, 0x03 };
	static const u8 zero[6];

	board(&e1000e_82574_family, 0x10d3);
	e1000e_mac_rar_set(&hw, a, 2);
	EXPECT(sim_reg(E1000E_RAL(2)) == 0x33221102);
	EXPECT(sim_reg(E1000E_RAH(2)) == (0x5544 | E1000E_RAH_AV));
	e1000e_mac_rar_set(&hw, zero, 2);
	EXPECT(sim_reg(E1000E_RAH(2)) == 0);
	/* bits 47:36 of the address */
	EXPECT(e1000e_mac_hash_mc(mc) == ((0x02 >> 4) | (0x03 << 4)));
}

static const struct {
	const char *name;
	void (*fn)(void);
} cases[] = {
	{ "82574-reset", t_reset },
	{ "82574-probe-sequence", t_probe },
	{ "82574-nvm-bad-checksum", t_bad_checksum },
	{ "82574-nvm-range", t_nvm_range },
	{ "82574-init", t_init },
	{ "82574-link-and-flow-control", t_link },
	{ "82574-link-kept-across-reset", t_link_kept },
	{ "82574-forced-100-full", t_forced },
	{ "82574-phy-paging", t_phy_paging },
	{ "82574-mdic-timeout", t_mdic_timeout },
	{ "82574-mdio-owned-by-firmware", t_mdio_owned_by_fw },
	{ "82583-probe-init-link", t_82583 },
	{ "82574-rar-mta", t_rar_mta },
};

int main(void)
{
	unsigned int i, bad = 0;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		pid_t pid;
		int st;

		fflush(stdout);
		pid = fork();
		if (pid < 0) {
			perror("hwsim: fork");
			return 1;
		}
		if (!pid) {
			cases[i].fn();
			if (sim_refusals) {
				fprintf(stderr, "  %u action(s) the hardware refuses\n",
					sim_refusals);
				failed = 1;
			}
			exit(failed);
		}
		if (waitpid(pid, &st, 0) != pid) {
			perror("hwsim: waitpid");
			return 1;
		}
		if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
			printf("ok %u %s\n", i + 1, cases[i].name);
			continue;
		}
		bad++;
		if (WIFEXITED(st))
			printf("FAIL %s: case %u, exit status %d\n",
			       cases[i].name, i + 1, WEXITSTATUS(st));
		else
			printf("FAIL %s: case %u, killed by signal %d\n",
			       cases[i].name, i + 1, WTERMSIG(st));
	}
	printf("hwsim: %u/%zu cases passed\n",
	       (unsigned int)(sizeof(cases) / sizeof(cases[0])) - bad,
	       sizeof(cases) / sizeof(cases[0]));
	return bad ? 1 : 0;
}
