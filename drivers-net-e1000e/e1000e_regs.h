/* SPDX-License-Identifier: GPL-2.0 */
/* Intel PRO/1000 PCIe: register map and descriptor layouts.
 *
 * Offsets and bit positions follow the 82574/82583 datasheets; only what
 * this driver programs or reads is listed.
 */
#ifndef _E1000E_REGS_H_
#define _E1000E_REGS_H_

#include <linux/bits.h>

/* General control and status */
#define E1000E_CTRL		0x00000
#define   E1000E_CTRL_FD		BIT(0)
#define   E1000E_CTRL_GIO_MASTER_DIS	BIT(2)
#define   E1000E_CTRL_ASDE		BIT(5)
#define   E1000E_CTRL_SLU		BIT(6)
#define   E1000E_CTRL_SPEED		GENMASK(9, 8)
#define   E1000E_CTRL_FRCSPD		BIT(11)
#define   E1000E_CTRL_FRCDPX		BIT(12)
#define   E1000E_CTRL_RST		BIT(26)
#define   E1000E_CTRL_RFCE		BIT(27)
#define   E1000E_CTRL_TFCE		BIT(28)
#define   E1000E_CTRL_VME		BIT(30)
#define   E1000E_CTRL_PHY_RST		BIT(31)
#define E1000E_STATUS		0x00008
#define   E1000E_STATUS_FD		BIT(0)
#define   E1000E_STATUS_LU		BIT(1)
#define   E1000E_STATUS_TXOFF		BIT(4)
#define   E1000E_STATUS_SPEED		GENMASK(7, 6)
#define   E1000E_STATUS_SPEED_10	0
#define   E1000E_STATUS_SPEED_100	1
#define   E1000E_STATUS_SPEED_1000	2
#define   E1000E_STATUS_GIO_MASTER_EN	BIT(19)
#define E1000E_EECD		0x00010
#define   E1000E_EECD_AUTO_RD		BIT(9)
#define E1000E_EERD		0x00014
#define   E1000E_EERD_START		BIT(0)
#define   E1000E_EERD_DONE		BIT(1)
#define   E1000E_EERD_ADDR		GENMASK(15, 2)
#define   E1000E_EERD_DATA		GENMASK(31, 16)
#define E1000E_CTRL_EXT		0x00018
#define   E1000E_CTRL_EXT_EE_RST	BIT(13)
#define   E1000E_CTRL_EXT_SPD_BYPS	BIT(15)
#define   E1000E_CTRL_EXT_RO_DIS	BIT(17)
#define   E1000E_CTRL_EXT_DMA_DYN_CLK	BIT(19)
#define   E1000E_CTRL_EXT_BIT22		BIT(22)
#define   E1000E_CTRL_EXT_BIT23		BIT(23)
#define   E1000E_CTRL_EXT_EIAME		BIT(24)
#define   E1000E_CTRL_EXT_IAME		BIT(27)
#define   E1000E_CTRL_EXT_DRV_LOAD	BIT(28)
#define   E1000E_CTRL_EXT_PBA_CLR	BIT(31)
#define E1000E_MDIC		0x00020
#define   E1000E_MDIC_DATA		GENMASK(15, 0)
#define   E1000E_MDIC_REG		GENMASK(20, 16)
#define   E1000E_MDIC_PHY		GENMASK(25, 21)
#define   E1000E_MDIC_OP_WRITE		BIT(26)
#define   E1000E_MDIC_OP_READ		BIT(27)
#define   E1000E_MDIC_READY		BIT(28)
#define   E1000E_MDIC_ERROR		BIT(30)
#define E1000E_FCAL		0x00028
#define E1000E_FCAH		0x0002c
#define E1000E_FCT		0x00030
#define E1000E_VET		0x00038
#define E1000E_FCTTV		0x00170

/* Interrupts */
#define E1000E_ICR		0x000c0
#define E1000E_ITR		0x000c4
#define E1000E_ICS		0x000c8
#define E1000E_IMS		0x000d0
#define E1000E_EIAC		0x000dc
#define E1000E_IMC		0x000d8
#define E1000E_IAM		0x000e0
#define E1000E_IVAR		0x000e4
#define   E1000E_IVAR_VALID		BIT(3)
#define   E1000E_IVAR_RXQ(q)		(4 * (q))
#define   E1000E_IVAR_TXQ(q)		(8 + 4 * (q))
#define   E1000E_IVAR_OTHER		16
#define   E1000E_IVAR_TX_WB_ALL		BIT(31)
#define E1000E_EITR(n)		(0x000e8 + 4 * (n))
#define   E1000E_ITR_UNIT_NS		256

#define   E1000E_INT_TXDW		BIT(0)
#define   E1000E_INT_LSC		BIT(2)
#define   E1000E_INT_RXSEQ		BIT(3)
#define   E1000E_INT_RXDMT0		BIT(4)
#define   E1000E_INT_RXO		BIT(6)
#define   E1000E_INT_RXT0		BIT(7)
#define   E1000E_INT_MDAC		BIT(9)
#define   E1000E_INT_SRPD		BIT(16)
#define   E1000E_INT_ACK		BIT(17)
#define   E1000E_INT_RXQ(q)		BIT(20 + (q))
#define   E1000E_INT_TXQ(q)		BIT(22 + (q))
#define   E1000E_INT_OTHER		BIT(24)
#define   E1000E_INT_ASSERTED		BIT(31)

/* Receive */
#define E1000E_RCTL		0x00100
#define   E1000E_RCTL_EN		BIT(1)
#define   E1000E_RCTL_SBP		BIT(2)
#define   E1000E_RCTL_UPE		BIT(3)
#define   E1000E_RCTL_MPE		BIT(4)
#define   E1000E_RCTL_LPE		BIT(5)
#define   E1000E_RCTL_LBM		GENMASK(7, 6)
#define   E1000E_RCTL_RDMTS		GENMASK(9, 8)
#define   E1000E_RCTL_DTYP		GENMASK(11, 10)
#define   E1000E_RCTL_MO		GENMASK(13, 12)
#define   E1000E_RCTL_BAM		BIT(15)
#define   E1000E_RCTL_BSIZE		GENMASK(17, 16)
#define   E1000E_RCTL_VFE		BIT(18)
#define   E1000E_RCTL_CFIEN		BIT(19)
#define   E1000E_RCTL_DPF		BIT(22)
#define   E1000E_RCTL_PMCF		BIT(23)
#define   E1000E_RCTL_BSEX		BIT(25)
#define   E1000E_RCTL_SECRC		BIT(26)
#define E1000E_FCRTL		0x02160
#define   E1000E_FCRTL_XONE		BIT(31)
#define E1000E_FCRTH		0x02168
#define E1000E_RDTR		0x02820
#define E1000E_RADV		0x0282c
#define E1000E_RDBAL(q)		(0x02800 + 0x100 * (q))
#define E1000E_RDBAH(q)		(0x02804 + 0x100 * (q))
#define E1000E_RDLEN(q)		(0x02808 + 0x100 * (q))
#define E1000E_RDH(q)		(0x02810 + 0x100 * (q))
#define E1000E_RDT(q)		(0x02818 + 0x100 * (q))
#define E1000E_RXDCTL(q)	(0x02828 + 0x100 * (q))
#define   E1000E_RXDCTL_PTHRESH		GENMASK(5, 0)
#define   E1000E_RXDCTL_HTHRESH		GENMASK(13, 8)
#define   E1000E_RXDCTL_WTHRESH		GENMASK(21, 16)
#define   E1000E_RXDCTL_GRAN		BIT(24)
#define E1000E_RXCSUM		0x05000
#define   E1000E_RXCSUM_IPOFL		BIT(8)
#define   E1000E_RXCSUM_TUOFL		BIT(9)
#define   E1000E_RXCSUM_PCSD		BIT(13)
#define E1000E_RFCTL		0x05008
#define   E1000E_RFCTL_ACK_DIS		BIT(12)
#define   E1000E_RFCTL_EXTEN		BIT(15)
#define   E1000E_RFCTL_IPV6_EX_DIS	BIT(16)
#define   E1000E_RFCTL_NEW_IPV6_EXT_DIS	BIT(17)
#define E1000E_MTA(i)		(0x05200 + 4 * (i))
#define E1000E_MTA_SIZE		128
#define E1000E_RAL(i)		(0x05400 + 8 * (i))
#define E1000E_RAH(i)		(0x05404 + 8 * (i))
#define   E1000E_RAH_AV			BIT(31)
#define E1000E_VFTA(i)		(0x05600 + 4 * (i))
#define E1000E_VFTA_SIZE	128
#define E1000E_MRQC		0x05818
#define   E1000E_MRQC_RSS_EN		BIT(0)
#define   E1000E_MRQC_TCP_IPV4		BIT(16)
#define   E1000E_MRQC_IPV4		BIT(17)
#define   E1000E_MRQC_TCP_IPV6_EX	BIT(18)
#define   E1000E_MRQC_IPV6		BIT(20)
#define   E1000E_MRQC_TCP_IPV6		BIT(21)
#define E1000E_RETA(i)		(0x05c00 + 4 * (i))
#define   E1000E_RETA_ENTRIES		128
#define   E1000E_RETA_QUEUE		BIT(7)
#define E1000E_RSSRK(i)		(0x05c80 + 4 * (i))
#define   E1000E_RSS_KEY_SIZE		40
#define E1000E_WUC		0x05800
#define E1000E_WUFC		0x05808
#define E1000E_MANC		0x05820

/* Transmit */
#define E1000E_TCTL		0x00400
#define   E1000E_TCTL_EN		BIT(1)
#define   E1000E_TCTL_PSP		BIT(3)
#define   E1000E_TCTL_CT		GENMASK(11, 4)
#define   E1000E_TCTL_COLD		GENMASK(21, 12)
#define   E1000E_TCTL_RTLC		BIT(24)
#define E1000E_TIPG		0x00410
#define   E1000E_TIPG_IPGT		GENMASK(9, 0)
#define   E1000E_TIPG_IPGR1		GENMASK(19, 10)
#define   E1000E_TIPG_IPGR2		GENMASK(29, 20)
#define E1000E_TDBAL(q)		(0x03800 + 0x100 * (q))
#define E1000E_TDBAH(q)		(0x03804 + 0x100 * (q))
#define E1000E_TDLEN(q)		(0x03808 + 0x100 * (q))
#define E1000E_TDH(q)		(0x03810 + 0x100 * (q))
#define E1000E_TDT(q)		(0x03818 + 0x100 * (q))
#define E1000E_TIDV		0x03820
#define E1000E_TXDCTL(q)	(0x03828 + 0x100 * (q))
#define   E1000E_TXDCTL_PTHRESH		GENMASK(5, 0)
#define   E1000E_TXDCTL_HTHRESH		GENMASK(13, 8)
#define   E1000E_TXDCTL_WTHRESH		GENMASK(21, 16)
#define   E1000E_TXDCTL_COUNT_DESC	BIT(22)
#define   E1000E_TXDCTL_GRAN		BIT(24)
#define E1000E_TADV		0x0382c
#define E1000E_TARC(q)		(0x03840 + 0x100 * (q))
#define   E1000E_TARC_ENABLE		BIT(10)

/* Miscellaneous */
#define E1000E_EXTCNF_CTRL	0x00f00
#define   E1000E_EXTCNF_MDIO_SW_OWN	BIT(5)
#define E1000E_POEMB		0x00f10
#define   E1000E_POEMB_D0A_LPLU		BIT(1)
#define   E1000E_POEMB_NOND0A_LPLU	BIT(2)
#define E1000E_PBA		0x01000
#define E1000E_GCR		0x05b00
#define   E1000E_GCR_BIT22		BIT(22)
#define   E1000E_GCR_L1_ACT_NO_L0S_RX	BIT(27)
#define E1000E_GCR2		0x05b64
#define E1000E_SWSM		0x05b50

/* Statistics (clear on read) */
#define E1000E_STATS_BASE	0x04000
#define E1000E_CRCERRS		0x04000
#define E1000E_ALGNERRC		0x04004
#define E1000E_SYMERRS		0x04008
#define E1000E_RXERRC		0x0400c
#define E1000E_MPC		0x04010
#define E1000E_SCC		0x04014
#define E1000E_ECOL		0x04018
#define E1000E_MCC		0x0401c
#define E1000E_LATECOL		0x04020
#define E1000E_COLC		0x04028
#define E1000E_DC		0x04030
#define E1000E_TNCRS		0x04034
#define E1000E_SEC		0x04038
#define E1000E_CEXTERR		0x0403c
#define E1000E_RLEC		0x04040
#define E1000E_XONRXC		0x04048
#define E1000E_XONTXC		0x0404c
#define E1000E_XOFFRXC		0x04050
#define E1000E_XOFFTXC		0x04054
#define E1000E_FCRUC		0x04058
#define E1000E_GPRC		0x04074
#define E1000E_BPRC		0x04078
#define E1000E_MPRC		0x0407c
#define E1000E_GPTC		0x04080
#define E1000E_GORCL		0x04088
#define E1000E_GORCH		0x0408c
#define E1000E_GOTCL		0x04090
#define E1000E_GOTCH		0x04094
#define E1000E_RNBC		0x040a0
#define E1000E_RUC		0x040a4
#define E1000E_RFC		0x040a8
#define E1000E_ROC		0x040ac
#define E1000E_RJC		0x040b0
#define E1000E_TORL		0x040c0
#define E1000E_TORH		0x040c4
#define E1000E_TOTL		0x040c8
#define E1000E_TOTH		0x040cc
#define E1000E_TPR		0x040d0
#define E1000E_TPT		0x040d4
#define E1000E_MPTC		0x040f0
#define E1000E_BPTC		0x040f4
#define E1000E_TSCTC		0x040f8
#define E1000E_TSCTFC		0x040fc
#define E1000E_STATS_END	0x04124

/* NVM words */
#define E1000E_NVM_WORDS	64
#define E1000E_NVM_MAC		0x00
#define E1000E_NVM_INIT_CTRL2	0x0f
#define E1000E_NVM_CHECKSUM	0x3f
#define E1000E_NVM_SUM		0xbaba

/* PHY (BM, Marvell-derived) registers beyond the IEEE set */
#define E1000E_PHY_SPEC_CTRL		0x10
#define   E1000E_PSCR_AUTO_X		GENMASK(6, 5)
#define   E1000E_PSCR_POLARITY_REV	BIT(1)
#define   E1000E_PSCR_BM_DOWNSHIFT	BIT(11)
#define E1000E_PHY_SPEC_STATUS		0x11
#define E1000E_PHY_PAGE_SELECT		22
#define E1000E_PHY_PAGE_SHIFT		5
#define E1000E_PHY_REG_MASK		0x1f
#define E1000E_PHY_ID_BM		0x01410cb0
#define E1000E_PHY_ID_BM_R2		0x01410cb1
#define E1000E_PHY_ID_MASK		0xfffffff0

/* Transmit descriptor (legacy and extended data share this layout) */
struct e1000e_tx_desc {
	__le64 addr;
	__le32 lower;
	__le32 upper;
};

#define E1000E_TXD_LEN			GENMASK(19, 0)
#define E1000E_TXD_DTYP_DATA		BIT(20)
#define E1000E_TXD_CMD_EOP		BIT(24)
#define E1000E_TXD_CMD_IFCS		BIT(25)
#define E1000E_TXD_CMD_TSE		BIT(26)
#define E1000E_TXD_CMD_RS		BIT(27)
#define E1000E_TXD_CMD_DEXT		BIT(29)
#define E1000E_TXD_CMD_VLE		BIT(30)
#define E1000E_TXD_CMD_IDE		BIT(31)
#define E1000E_TXD_STAT_DD		BIT(0)
#define E1000E_TXD_POPTS_IXSM		BIT(8)
#define E1000E_TXD_POPTS_TXSM		BIT(9)
#define E1000E_TXD_VLAN			GENMASK(31, 16)

/* Transmit context descriptor */
struct e1000e_tx_ctx_desc {
	__le32 ip_setup;
	__le32 tu_setup;
	__le32 cmd_len;
	__le32 seg_setup;
};

#define E1000E_CTX_CSS			GENMASK(7, 0)
#define E1000E_CTX_CSO			GENMASK(15, 8)
#define E1000E_CTX_CSE			GENMASK(31, 16)
#define E1000E_CTX_PAYLEN		GENMASK(19, 0)
#define E1000E_CTX_TUCMD_TCP		BIT(24)
#define E1000E_CTX_TUCMD_IP		BIT(25)
#define E1000E_CTX_HDRLEN		GENMASK(15, 8)
#define E1000E_CTX_MSS			GENMASK(31, 16)

/* Receive descriptor, extended format */
union e1000e_rx_desc {
	struct {
		__le64 addr;
		__le64 rsvd;
	} read;
	struct {
		__le32 mrq;
		__le32 rss;
		__le32 status_error;
		__le16 length;
		__le16 vlan;
	} wb;
};

#define E1000E_RXD_STAT_DD		BIT(0)
#define E1000E_RXD_STAT_EOP		BIT(1)
#define E1000E_RXD_STAT_IXSM		BIT(2)
#define E1000E_RXD_STAT_VP		BIT(3)
#define E1000E_RXD_STAT_UDPCS		BIT(4)
#define E1000E_RXD_STAT_TCPCS		BIT(5)
#define E1000E_RXD_STAT_IPCS		BIT(6)
#define E1000E_RXD_ERR_FRAME		(BIT(24) | BIT(25) | BIT(26) | \
					 BIT(28) | BIT(31))
#define E1000E_RXD_ERR_TCPE		BIT(29)
#define E1000E_RXD_ERR_IPE		BIT(30)
#define E1000E_RXD_MRQ_RSSTYPE		GENMASK(3, 0)
#define   E1000E_RSSTYPE_NONE		0
#define   E1000E_RSSTYPE_TCP_IPV4	1
#define   E1000E_RSSTYPE_IPV4		2
#define   E1000E_RSSTYPE_TCP_IPV6	3
#define   E1000E_RSSTYPE_IPV6_EX	4
#define   E1000E_RSSTYPE_IPV6		5

#endif /* _E1000E_REGS_H_ */
