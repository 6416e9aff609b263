/* SPDX-License-Identifier: GPL-2.0 */
/* Intel PRO/1000 PCIe: hardware layer interface.
 *
 * The family code (MAC, PHY and NVM handling) sees the device only through
 * the accessors and ops tables declared here, plus delays, a mutex and a
 * debug print, so that it also builds against a simulated register file.
 */
#ifndef _E1000E_HW_H_
#define _E1000E_HW_H_

#include <linux/types.h>
#include <linux/bits.h>
#include <linux/bitfield.h>
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/ethtool.h>
#include <linux/io.h>
#include <linux/mii.h>
#include <linux/mutex.h>
#include <linux/string.h>

#include "e1000e_regs.h"

#define E1000E_RAR_ENTRIES	16
#define E1000E_FC_PAUSE_TIME	0x0680

enum e1000e_mac_type {
	E1000E_MAC_UNKNOWN = 0,
	E1000E_MAC_82571,
	E1000E_MAC_82572,
	E1000E_MAC_82573,
	E1000E_MAC_82574,
	E1000E_MAC_82583,
	E1000E_MAC_80003ES2LAN,
	E1000E_MAC_ICH8,
	E1000E_MAC_ICH9,
	E1000E_MAC_ICH10,
	E1000E_MAC_PCH,
	E1000E_MAC_PCH2,
	E1000E_MAC_PCH_LPT,
	E1000E_MAC_PCH_SPT,
	E1000E_MAC_PCH_CNP,
	E1000E_MAC_PCH_TGP,
	E1000E_MAC_PCH_ADP,
	E1000E_MAC_PCH_MTP,
	E1000E_MAC_NR,
};

enum e1000e_fc_mode {
	E1000E_FC_NONE = 0,
	E1000E_FC_RX_PAUSE,
	E1000E_FC_TX_PAUSE,
	E1000E_FC_FULL,
};

/* Advertisement bits kept in phy.autoneg_advertised */
#define E1000E_ADV_10_HALF	BIT(0)
#define E1000E_ADV_10_FULL	BIT(1)
#define E1000E_ADV_100_HALF	BIT(2)
#define E1000E_ADV_100_FULL	BIT(3)
#define E1000E_ADV_1000_FULL	BIT(5)
#define E1000E_ADV_ALL		(E1000E_ADV_10_HALF | E1000E_ADV_10_FULL | \
				 E1000E_ADV_100_HALF | E1000E_ADV_100_FULL | \
				 E1000E_ADV_1000_FULL)

struct e1000e_hw;

/**
 * struct e1000e_mac_ops - MAC operations of a family
 * @reset: global reset of the MAC, leaves interrupts masked
 * @init: program the MAC after reset (filters, link, arbitration)
 * @setup_link: configure flow control and start link bring-up
 * @check_link: refresh link state; on a change, finish link setup
 */
struct e1000e_mac_ops {
	int (*reset)(struct e1000e_hw *hw);
	int (*init)(struct e1000e_hw *hw);
	int (*setup_link)(struct e1000e_hw *hw);
	int (*check_link)(struct e1000e_hw *hw);
};

/**
 * struct e1000e_phy_ops - PHY operations of a family
 * @acquire: take ownership of the MDIO interface
 * @release: give it back
 * @read_reg: read a PHY register (page << 5 | reg), locking included
 * @write_reg: write a PHY register, locking included
 * @reset: hardware reset of the PHY
 * @identify: read the PHY identifier into hw->phy.id
 * @setup: PHY specific copper setup before autonegotiation
 * @power: power the PHY up (true) or down (false)
 */
struct e1000e_phy_ops {
	int (*acquire)(struct e1000e_hw *hw);
	void (*release)(struct e1000e_hw *hw);
	int (*read_reg)(struct e1000e_hw *hw, u32 reg, u16 *val);
	int (*write_reg)(struct e1000e_hw *hw, u32 reg, u16 val);
	int (*reset)(struct e1000e_hw *hw);
	int (*identify)(struct e1000e_hw *hw);
	int (*setup)(struct e1000e_hw *hw);
	void (*power)(struct e1000e_hw *hw, bool up);
};

/**
 * struct e1000e_nvm_ops - NVM operations of a family
 * @read: read @n words from word @off
 * @validate: check the image checksum
 */
struct e1000e_nvm_ops {
	int (*read)(struct e1000e_hw *hw, u16 off, u16 n, u16 *data);
	int (*validate)(struct e1000e_hw *hw);
};

#define E1000E_FAM_JUMBO	BIT(0)
#define E1000E_FAM_MSIX		BIT(1)
#define E1000E_FAM_RSS		BIT(2)
#define E1000E_FAM_VLAN_FILTER	BIT(3)
#define E1000E_FAM_NO_ASPM	BIT(4)	/* errata: ASPM L0s/L1 unreliable */

/**
 * struct e1000e_family - static description of one MAC family member
 * @name: marketing name of the part
 * @mac_type: which MAC this is
 * @flags: E1000E_FAM_* capabilities
 * @max_frame: largest frame (without FCS) the MAC accepts
 * @rx_pba_kb: receive share of the packet buffer, in KiB
 * @num_queues: RX/TX queue pairs the MAC offers
 * @num_vectors: MSI-X vectors the MAC offers
 * @mac: MAC operations
 * @phy: PHY operations
 * @nvm: NVM operations
 */
struct e1000e_family {
	const char *name;
	enum e1000e_mac_type mac_type;
	u32 flags;
	u32 max_frame;
	u32 rx_pba_kb;
	u32 num_queues;
	u32 num_vectors;
	const struct e1000e_mac_ops *mac;
	const struct e1000e_phy_ops *phy;
	const struct e1000e_nvm_ops *nvm;
};

/**
 * struct e1000e_hw - state of the hardware layer
 * @hw_addr: BAR0 mapping
 * @dev: device for debug prints
 * @fam: family description and ops
 * @swflag_lock: serializes MDIO/NVM ownership in software
 * @perm_addr: MAC address from NVM
 * @addr: MAC address in use (receive address 0)
 * @device_id: PCI device ID
 * @phy: PHY state
 * @mac: MAC and link state
 */
struct e1000e_hw {
	u8 __iomem *hw_addr;
	struct device *dev;
	const struct e1000e_family *fam;
	struct mutex swflag_lock;	/* MDIO and NVM ownership */
	u8 perm_addr[6];
	u8 addr[6];
	u16 device_id;

	struct {
		u32 id;
		u32 revision;
		u8 addr;
		u16 autoneg_advertised;
		u8 mdix;
	} phy;

	struct {
		bool autoneg;
		u16 forced_speed;
		bool forced_full;
		enum e1000e_fc_mode fc_requested;
		enum e1000e_fc_mode fc_current;
		bool fc_autoneg;
		u16 fc_pause_time;
		u32 fc_high_water;
		u32 fc_low_water;
		bool link_up;
		u16 speed;
		bool full_duplex;
	} mac;
};

/**
 * e1000e_rd32 - read a device register
 * @hw: hardware state
 * @reg: register offset in BAR0
 *
 * Return: the register value, all ones when the device is gone.
 */
static inline u32 e1000e_rd32(struct e1000e_hw *hw, u32 reg)
{
	u8 __iomem *base = READ_ONCE(hw->hw_addr);

	if (!base)
		return ~0U;
	return readl(base + reg);
}

/**
 * e1000e_wr32 - write a device register
 * @hw: hardware state
 * @reg: register offset in BAR0
 * @val: value to write
 */
static inline void e1000e_wr32(struct e1000e_hw *hw, u32 reg, u32 val)
{
	u8 __iomem *base = READ_ONCE(hw->hw_addr);

	if (base)
		writel(val, base + reg);
}

/**
 * e1000e_flush - push posted writes to the device
 * @hw: hardware state
 */
static inline void e1000e_flush(struct e1000e_hw *hw)
{
	e1000e_rd32(hw, E1000E_STATUS);
}

#define hw_dbg(hw, fmt, ...) dev_dbg((hw)->dev, fmt, ##__VA_ARGS__)

static inline int e1000e_phy_read(struct e1000e_hw *hw, u32 reg, u16 *val)
{
	return hw->fam->phy->read_reg(hw, reg, val);
}

static inline int e1000e_phy_write(struct e1000e_hw *hw, u32 reg, u16 val)
{
	return hw->fam->phy->write_reg(hw, reg, val);
}

/* e1000e_mac.c: helpers shared by the 8257x-style families */
int e1000e_mac_disable_master(struct e1000e_hw *hw);
int e1000e_mac_wait_auto_read(struct e1000e_hw *hw);
void e1000e_mac_rar_set(struct e1000e_hw *hw, const u8 *addr, u32 idx);
void e1000e_mac_init_rx_addrs(struct e1000e_hw *hw);
void e1000e_mac_clear_vfta(struct e1000e_hw *hw);
void e1000e_mac_clear_mta(struct e1000e_hw *hw);
void e1000e_mac_clear_counters(struct e1000e_hw *hw);
int e1000e_mac_setup_fc(struct e1000e_hw *hw);
void e1000e_mac_fc_watermarks(struct e1000e_hw *hw);
int e1000e_mac_check_copper_link(struct e1000e_hw *hw);
int e1000e_mac_read_addr(struct e1000e_hw *hw);
u32 e1000e_mac_hash_mc(const u8 *addr);

/* e1000e_phy.c: MDIC access and IEEE/BM PHY handling */
int e1000e_phy_mdic_read(struct e1000e_hw *hw, u32 reg, u16 *val);
int e1000e_phy_mdic_write(struct e1000e_hw *hw, u32 reg, u16 val);
int e1000e_phy_bm_read(struct e1000e_hw *hw, u32 reg, u16 *val);
int e1000e_phy_bm_write(struct e1000e_hw *hw, u32 reg, u16 val);
int e1000e_phy_hw_reset(struct e1000e_hw *hw);
int e1000e_phy_sw_reset(struct e1000e_hw *hw);
int e1000e_phy_identify(struct e1000e_hw *hw);
int e1000e_phy_setup_m88(struct e1000e_hw *hw);
int e1000e_phy_setup_copper(struct e1000e_hw *hw);
int e1000e_phy_restart_autoneg(struct e1000e_hw *hw);
void e1000e_phy_power(struct e1000e_hw *hw, bool up);

/* e1000e_nvm.c: EERD access */
int e1000e_nvm_eerd_read(struct e1000e_hw *hw, u16 off, u16 n, u16 *data);
int e1000e_nvm_validate_sum(struct e1000e_hw *hw);

/* families */
extern const struct e1000e_family e1000e_82574_family;
extern const struct e1000e_family e1000e_82583_family;

int e1000e_hw_init_state(struct e1000e_hw *hw, const struct e1000e_family *fam);

#endif /* _E1000E_HW_H_ */
