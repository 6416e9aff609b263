// SPDX-License-Identifier: GPL-2.0
/* Intel PRO/1000 PCIe: every device ID of the e1000e family and its MAC
 *
 * e1000e_all_ids lists all 115 parts the PCIe PRO/1000 driver has handled;
 * e1000e_pci_tbl claims only those whose family is implemented here.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/pci.h>

#include "e1000e.h"

#define ID(dev, mac, part) { dev, E1000E_MAC_##mac, part }

const struct e1000e_id_info e1000e_all_ids[] = {
	ID(0x105e, 82571, "82571EB_COPPER"),
	ID(0x105f, 82571, "82571EB_FIBER"),
	ID(0x10a4, 82571, "82571EB_QUAD_COPPER"),
	ID(0x10bc, 82571, "82571EB_QUAD_COPPER_LP"),
	ID(0x10a5, 82571, "82571EB_QUAD_FIBER"),
	ID(0x1060, 82571, "82571EB_SERDES"),
	ID(0x10d9, 82571, "82571EB_SERDES_DUAL"),
	ID(0x10da, 82571, "82571EB_SERDES_QUAD"),
	ID(0x10d5, 82571, "82571PT_QUAD_COPPER"),
	ID(0x10b9, 82572, "82572EI"),
	ID(0x107d, 82572, "82572EI_COPPER"),
	ID(0x107e, 82572, "82572EI_FIBER"),
	ID(0x107f, 82572, "82572EI_SERDES"),
	ID(0x108b, 82573, "82573E"),
	ID(0x108c, 82573, "82573E_IAMT"),
	ID(0x109a, 82573, "82573L"),
	ID(0x10d3, 82574, "82574L"),
	ID(0x10f6, 82574, "82574LA"),
	ID(0x150c, 82583, "82583V"),
	ID(0x1096, 80003ES2LAN, "80003ES2LAN_COPPER_DPT"),
	ID(0x10ba, 80003ES2LAN, "80003ES2LAN_COPPER_SPT"),
	ID(0x1098, 80003ES2LAN, "80003ES2LAN_SERDES_DPT"),
	ID(0x10bb, 80003ES2LAN, "80003ES2LAN_SERDES_SPT"),
	ID(0x104c, ICH8, "ICH8_IFE"),
	ID(0x10c5, ICH8, "ICH8_IFE_G"),
	ID(0x10c4, ICH8, "ICH8_IFE_GT"),
	ID(0x104a, ICH8, "ICH8_IGP_AMT"),
	ID(0x104b, ICH8, "ICH8_IGP_C"),
	ID(0x104d, ICH8, "ICH8_IGP_M"),
	ID(0x1049, ICH8, "ICH8_IGP_M_AMT"),
	ID(0x1501, ICH8, "ICH8_82567V_3"),
	ID(0x10c0, ICH9, "ICH9_IFE"),
	ID(0x10c2, ICH9, "ICH9_IFE_G"),
	ID(0x10c3, ICH9, "ICH9_IFE_GT"),
	ID(0x10bd, ICH9, "ICH9_IGP_AMT"),
	ID(0x294c, ICH9, "ICH9_IGP_C"),
	ID(0x10e5, ICH9, "ICH9_BM"),
	ID(0x10bf, ICH9, "ICH9_IGP_M"),
	ID(0x10f5, ICH9, "ICH9_IGP_M_AMT"),
	ID(0x10cb, ICH9, "ICH9_IGP_M_V"),
	ID(0x10cc, ICH9, "ICH10_R_BM_LM"),
	ID(0x10cd, ICH9, "ICH10_R_BM_LF"),
	ID(0x10ce, ICH9, "ICH10_R_BM_V"),
	ID(0x10de, ICH10, "ICH10_D_BM_LM"),
	ID(0x10df, ICH10, "ICH10_D_BM_LF"),
	ID(0x1525, ICH10, "ICH10_D_BM_V"),
	ID(0x10ea, PCH, "PCH_M_HV_LM"),
	ID(0x10eb, PCH, "PCH_M_HV_LC"),
	ID(0x10ef, PCH, "PCH_D_HV_DM"),
	ID(0x10f0, PCH, "PCH_D_HV_DC"),
	ID(0x1502, PCH2, "PCH2_LV_LM"),
	ID(0x1503, PCH2, "PCH2_LV_V"),
	ID(0x153a, PCH_LPT, "PCH_LPT_I217_LM"),
	ID(0x153b, PCH_LPT, "PCH_LPT_I217_V"),
	ID(0x155a, PCH_LPT, "PCH_LPTLP_I218_LM"),
	ID(0x1559, PCH_LPT, "PCH_LPTLP_I218_V"),
	ID(0x15a0, PCH_LPT, "PCH_I218_LM2"),
	ID(0x15a1, PCH_LPT, "PCH_I218_V2"),
	ID(0x15a2, PCH_LPT, "PCH_I218_LM3"),
	ID(0x15a3, PCH_LPT, "PCH_I218_V3"),
	ID(0x156f, PCH_SPT, "PCH_SPT_I219_LM"),
	ID(0x1570, PCH_SPT, "PCH_SPT_I219_V"),
	ID(0x15b7, PCH_SPT, "PCH_SPT_I219_LM2"),
	ID(0x15b8, PCH_SPT, "PCH_SPT_I219_V2"),
	ID(0x15b9, PCH_SPT, "PCH_LBG_I219_LM3"),
	ID(0x15d7, PCH_SPT, "PCH_SPT_I219_LM4"),
	ID(0x15d8, PCH_SPT, "PCH_SPT_I219_V4"),
	ID(0x15e3, PCH_SPT, "PCH_SPT_I219_LM5"),
	ID(0x15d6, PCH_SPT, "PCH_SPT_I219_V5"),
	ID(0x15bd, PCH_CNP, "PCH_CNP_I219_LM6"),
	ID(0x15be, PCH_CNP, "PCH_CNP_I219_V6"),
	ID(0x15bb, PCH_CNP, "PCH_CNP_I219_LM7"),
	ID(0x15bc, PCH_CNP, "PCH_CNP_I219_V7"),
	ID(0x15df, PCH_CNP, "PCH_ICP_I219_LM8"),
	ID(0x15e0, PCH_CNP, "PCH_ICP_I219_V8"),
	ID(0x15e1, PCH_CNP, "PCH_ICP_I219_LM9"),
	ID(0x15e2, PCH_CNP, "PCH_ICP_I219_V9"),
	ID(0x0d4e, PCH_CNP, "PCH_CMP_I219_LM10"),
	ID(0x0d4f, PCH_CNP, "PCH_CMP_I219_V10"),
	ID(0x0d4c, PCH_CNP, "PCH_CMP_I219_LM11"),
	ID(0x0d4d, PCH_CNP, "PCH_CMP_I219_V11"),
	ID(0x0d53, PCH_SPT, "PCH_CMP_I219_LM12"),
	ID(0x0d55, PCH_SPT, "PCH_CMP_I219_V12"),
	ID(0x15fb, PCH_TGP, "PCH_TGP_I219_LM13"),
	ID(0x15fc, PCH_TGP, "PCH_TGP_I219_V13"),
	ID(0x15f9, PCH_TGP, "PCH_TGP_I219_LM14"),
	ID(0x15fa, PCH_TGP, "PCH_TGP_I219_V14"),
	ID(0x15f4, PCH_TGP, "PCH_TGP_I219_LM15"),
	ID(0x15f5, PCH_TGP, "PCH_TGP_I219_V15"),
	ID(0x0dc5, PCH_ADP, "PCH_RPL_I219_LM23"),
	ID(0x0dc6, PCH_ADP, "PCH_RPL_I219_V23"),
	ID(0x1a1e, PCH_ADP, "PCH_ADP_I219_LM16"),
	ID(0x1a1f, PCH_ADP, "PCH_ADP_I219_V16"),
	ID(0x1a1c, PCH_ADP, "PCH_ADP_I219_LM17"),
	ID(0x1a1d, PCH_ADP, "PCH_ADP_I219_V17"),
	ID(0x0dc7, PCH_ADP, "PCH_RPL_I219_LM22"),
	ID(0x0dc8, PCH_ADP, "PCH_RPL_I219_V22"),
	ID(0x550c, PCH_ADP, "PCH_ADP_I219_LM19"),
	ID(0x550d, PCH_ADP, "PCH_ADP_I219_V19"),
	ID(0x550a, PCH_MTP, "PCH_MTP_I219_LM18"),
	ID(0x550b, PCH_MTP, "PCH_MTP_I219_V18"),
	ID(0x550e, PCH_MTP, "PCH_LNP_I219_LM20"),
	ID(0x550f, PCH_MTP, "PCH_LNP_I219_V20"),
	ID(0x5510, PCH_MTP, "PCH_LNP_I219_LM21"),
	ID(0x5511, PCH_MTP, "PCH_LNP_I219_V21"),
	ID(0x57a0, PCH_MTP, "PCH_ARL_I219_LM24"),
	ID(0x57a1, PCH_MTP, "PCH_ARL_I219_V24"),
	ID(0x57b3, PCH_MTP, "PCH_PTP_I219_LM25"),
	ID(0x57b4, PCH_MTP, "PCH_PTP_I219_V25"),
	ID(0x57b5, PCH_MTP, "PCH_PTP_I219_LM26"),
	ID(0x57b6, PCH_MTP, "PCH_PTP_I219_V26"),
	ID(0x57b7, PCH_MTP, "PCH_PTP_I219_LM27"),
	ID(0x57b8, PCH_MTP, "PCH_PTP_I219_V27"),
	ID(0x57b9, PCH_MTP, "PCH_NVL_I219_LM29"),
	ID(0x57ba, PCH_MTP, "PCH_NVL_I219_V29"),
};

const unsigned int e1000e_all_ids_count = ARRAY_SIZE(e1000e_all_ids);

const struct pci_device_id e1000e_pci_tbl[] = {
	{ PCI_VDEVICE(INTEL, 0x10d3), E1000E_MAC_82574 },
	{ PCI_VDEVICE(INTEL, 0x10f6), E1000E_MAC_82574 },
	{ PCI_VDEVICE(INTEL, 0x150c), E1000E_MAC_82583 },
	{ }
};
MODULE_DEVICE_TABLE(pci, e1000e_pci_tbl);

/**
 * e1000e_family_for - implemented family of a MAC type
 * @mac: MAC type from the ID table
 *
 * Return: the family description, or NULL if not implemented.
 */
const struct e1000e_family *e1000e_family_for(enum e1000e_mac_type mac)
{
	switch (mac) {
	case E1000E_MAC_82574:
		return &e1000e_82574_family;
	case E1000E_MAC_82583:
		return &e1000e_82583_family;
	default:
		return NULL;
	}
}

/* Device IDs of the PCI/PCI-X PRO/1000 parts that e1000 drives (its ID
 * table in 6.12). This driver binds none of them: the list only serves to
 * name such a function when e1000e is built in and e1000 is not, so that a
 * kernel booted without modules does not lose it without a word.
 */
static const u16 e1000e_pci_x_ids[] __initconst = {
	0x1000, 0x1001, 0x1004, 0x1008, 0x1009, 0x100c, 0x100d, 0x100e,
	0x100f, 0x1010, 0x1011, 0x1012, 0x1013, 0x1014, 0x1015, 0x1016,
	0x1017, 0x1018, 0x1019, 0x101a, 0x101d, 0x101e, 0x1026, 0x1027,
	0x1028, 0x1075, 0x1076, 0x1077, 0x1078, 0x1079, 0x107a, 0x107b,
	0x107c, 0x108a, 0x1099, 0x10b5, 0x2e6e,
};

static bool __init e1000e_is_pci_x_id(u16 device)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(e1000e_pci_x_ids); i++)
		if (e1000e_pci_x_ids[i] == device)
			return true;
	return false;
}

static const struct e1000e_id_info * __init e1000e_id_lookup(u16 device)
{
	unsigned int i;

	for (i = 0; i < e1000e_all_ids_count; i++)
		if (e1000e_all_ids[i].device == device)
			return &e1000e_all_ids[i];
	return NULL;
}

/**
 * e1000e_report_unclaimed - name PRO/1000 functions that no driver took
 *
 * Called once the driver is registered, so every part it claims is bound.
 * Prints one line for each Intel Ethernet function still without a driver
 * that is either a PCIe PRO/1000 whose family this driver does not
 * implement yet or, when e1000e is built in and e1000 is not, a PCI/PCI-X
 * PRO/1000 that needs e1000. A NIC never goes missing without a word.
 */
void __init e1000e_report_unclaimed(void)
{
	const struct e1000e_id_info *id;
	struct pci_dev *pdev = NULL;

	while ((pdev = pci_get_device(PCI_VENDOR_ID_INTEL, PCI_ANY_ID, pdev))) {
		if (pdev->class >> 8 != PCI_CLASS_NETWORK_ETHERNET ||
		    pdev->dev.driver)
			continue;
		id = e1000e_id_lookup(pdev->device);
		/* a part of an implemented family has failed its probe and
		 * said why already
		 */
		if (id && e1000e_family_for(id->mac))
			continue;
		if (id)
			pr_warn("%s [%04x:%04x]: PRO/1000 %s left without a driver: this e1000e does not drive its MAC family yet\n",
				pci_name(pdev), pdev->vendor, pdev->device,
				id->part);
		else if (IS_BUILTIN(CONFIG_E1000E) &&
			 !IS_BUILTIN(CONFIG_E1000) &&
			 e1000e_is_pci_x_id(pdev->device))
			pr_warn("%s [%04x:%04x]: PCI/PCI-X PRO/1000 left without a driver: it needs CONFIG_E1000\n",
				pci_name(pdev), pdev->vendor, pdev->device);
	}
}
