/* SPDX-License-Identifier: GPL-2.0 */
/* Intel PRO/1000 PCIe: driver state shared by the kernel-side files */
#ifndef _E1000E_H_
#define _E1000E_H_

#include <linux/dim.h>
#include <linux/if_vlan.h>
#include <linux/netdevice.h>
#include <linux/pci.h>
#include <linux/u64_stats_sync.h>
#include <linux/workqueue.h>
#include <net/xdp.h>

#include "e1000e_hw.h"

#define E1000E_DRV_NAME		"e1000e"

#define E1000E_MAX_QUEUES	2
#define E1000E_MAX_VECTORS	(E1000E_MAX_QUEUES + 1)

#define E1000E_DEFAULT_TX_RING	256
/* An RX ring must hold what arrives between two polls: DIM's widest
 * interval is 1 ms, in which a 1 Gbit/s link delivers up to 1488
 * minimum-size frames. A full queue drops frames (RXO) while the other
 * queue has room, and a lost IPv4 fragment loses its whole datagram.
 */
#define E1000E_DEFAULT_RX_RING	2048
#define E1000E_MIN_RING		64
#define E1000E_MAX_RING		4096
#define E1000E_RING_ALIGN	8
/* loops over a whole ring in process context (fill, clean) offer to
 * reschedule after this many entries
 */
#define E1000E_RESCHED_BATCH	256

/* RX buffers: the device writes up to E1000E_RX_BUF_LEN bytes (RCTL.BSIZE)
 * at E1000E_RX_HEADROOM into a buffer of rx_truesize bytes. Without long
 * packets (RCTL.LPE clear, MTU <= 1500) it drops frames over 1522 bytes,
 * so two buffers share a page: headroom, frame and skb_shared_info fit
 * in half of it; the driver splits each page it takes from the pool
 * (page_pool_alloc_pages, where fault injection and the pool's alloc
 * stats see every allocation). With jumbo frames every buffer is a page.
 */
#define E1000E_RX_HEADROOM	192
#define E1000E_RX_BUF_LEN	2048
#define E1000E_RX_HALF_PAGE	2048
#define E1000E_RX_MAX_STD_FRAME	(VLAN_ETH_FRAME_LEN + ETH_FCS_LEN)
#define E1000E_MIN_MTU		68
#define E1000E_MAX_MTU		(9018 - ETH_HLEN - ETH_FCS_LEN)
/* XDP sees single-buffer frames: one receive buffer, one VLAN tag */
#define E1000E_XDP_MAX_MTU	(E1000E_RX_BUF_LEN - ETH_HLEN - VLAN_HLEN)

#define E1000E_CTX_KEY_NONE	U64_MAX

#define E1000E_TX_DESC_NEEDED	(MAX_SKB_FRAGS + 4)
#define E1000E_TX_WAKE_THRESH	(E1000E_TX_DESC_NEEDED * 2)

#define E1000E_DEFAULT_ITR_US	20
#define E1000E_MAX_ITR_US	10000
#define E1000E_OTHER_ITR_US	1000

enum e1000e_state_bits {
	E1000E_DOWN,
	E1000E_RESETTING,
	E1000E_REMOVING,
	E1000E_RX_PAUSED,	/* RCTL.EN held off while one RX ring changes */
};

enum e1000e_irq_mode {
	E1000E_IRQ_MSIX,
	E1000E_IRQ_MSI,
	E1000E_IRQ_INTX,
};

/* private flags, also used to pick the interrupt mode for tests */
#define E1000E_PFLAG_NO_MSIX	BIT(0)
#define E1000E_PFLAG_NO_MSI	BIT(1)

/* what the first slot of a TX packet holds */
enum e1000e_tx_type {
	E1000E_TX_NONE,
	E1000E_TX_SKB,
	E1000E_TX_XDP_TX,	/* page of the queue pair's RX page_pool */
	E1000E_TX_XDP_XMIT,	/* xdp_frame from ndo_xdp_xmit, mapped here */
	E1000E_TX_XSK,		/* AF_XDP descriptor, in the pair's pool */
};

struct e1000e_tx_buf {
	union {
		struct sk_buff *skb;
		struct xdp_frame *frame;
		struct page *page;
	};
	dma_addr_t dma;
	u32 len;
	u32 bytes;
	u16 segs;
	u16 eop;
	u8 type;
	bool mapped_page;
	u16 xsk_extra;	/* AF_XDP: refused descriptors completed with this */
};

struct e1000e_rx_buf {
	union {
		struct page *page;
		struct xdp_buff *xdp;	/* ring with an XSK pool */
	};
	u32 offset;		/* of the buffer in the page */
};

struct e1000e_ring_stats {
	u64 packets;
	u64 bytes;
	union {
		struct {
			u64 csum;
			u64 tso;
			u64 stops;
			u64 wakes;
			u64 drops;
			u64 xdp_xmit;
			u64 xdp_xmit_err;
		} tx;
		struct {
			u64 csum_ok;
			u64 csum_err;
			u64 alloc_fail;
			u64 drops;
			u64 xdp_pass;
			u64 xdp_drop;
			u64 xdp_tx;
			u64 xdp_redirect;
			u64 xdp_aborted;
		} rx;
	};
};

struct e1000e_q_vector;
struct xsk_buff_pool;

struct e1000e_ring {
	void *desc;
	dma_addr_t dma;
	u8 __iomem *tail;
	struct e1000e_q_vector *qv;
	struct device *dev;
	struct net_device *netdev;
	union {
		struct e1000e_tx_buf *tx_buf;
		struct e1000e_rx_buf *rx_buf;
	};
	struct page_pool *pp;
	struct page *rx_half;	/* RX: second half of a split page, unused */
	struct sk_buff *skb;
	u32 size;
	u16 count;
	u16 ntu;
	u16 ntc;
	u16 qid;
	u32 max_per_desc;
	u32 rx_truesize;	/* RX: bytes of page per buffer */
	u64 ctx_key;
	/* TX hang check (service task): ntc when last seen stuck, since when */
	u16 stall_ntc;
	bool stalled;
	bool stall_kicked;
	unsigned long stall_since;

	/* AF_XDP zero-copy: set on both rings of a pair, changed only while
	 * the pair's NAPI is disabled
	 */
	struct xsk_buff_pool *xsk_pool;
	u32 xsk_pending;	/* TX: XSK frames on the ring */
	u32 xsk_done;		/* TX: completed, not yet told to the pool */
	u16 xsk_last;		/* TX: slot of the newest XSK frame */
	bool xsk_skip;		/* RX: dropping the rest of a frame */

	struct u64_stats_sync syncp;
	struct e1000e_ring_stats stats;

	struct xdp_rxq_info xdp_rxq;
};

struct e1000e_q_vector {
	struct napi_struct napi;
	struct e1000e_adapter *ad;
	struct e1000e_ring *tx;
	struct e1000e_ring *rx;
	u32 eims;
	u32 eitr_reg;
	int irq;
	u16 idx;
	u16 itr_us;
	bool itr_dirty;
	struct dim dim;
	u16 dim_events;
	char name[IFNAMSIZ + 16];
};

struct e1000e_hw_stats {
	u64 crcerrs, algnerrc, symerrs, rxerrc, mpc, scc, ecol, mcc, latecol;
	u64 colc, dc, tncrs, sec, cexterr, rlec, xonrxc, xontxc, xoffrxc;
	u64 xofftxc, fcruc, gprc, bprc, mprc, gptc, gorc, gotc, rnbc, ruc;
	u64 rfc, roc, rjc, tor, tot, tpr, tpt, mptc, bptc, tsctc, tsctfc;
};

struct e1000e_adapter {
	struct net_device *netdev;
	struct pci_dev *pdev;
	struct e1000e_hw hw;
	const struct e1000e_family *fam;
	unsigned long state;
	u32 msg_enable;
	u32 pflags;

	u16 num_queues;
	u16 req_queues;
	u16 xps_queues;		/* queue count XPS was last set up for */
	bool irqs_spread;	/* vectors got their CPUs since allocation */
	u16 tx_ring_count;
	u16 rx_ring_count;
	struct e1000e_ring tx_ring[E1000E_MAX_QUEUES];
	struct e1000e_ring rx_ring[E1000E_MAX_QUEUES];
	struct e1000e_q_vector qv[E1000E_MAX_QUEUES];

	enum e1000e_irq_mode irq_mode;
	int num_vectors;
	int other_irq;
	char other_name[IFNAMSIZ + 16];

	u32 rx_itr_us;
	bool adaptive_itr;
	u32 max_frame;
	u32 rctl;
	u32 tx_max_per_desc;

	u32 rss_key[E1000E_RSS_KEY_SIZE / 4];
	u8 reta[E1000E_RETA_ENTRIES];
	bool reta_user;
	u32 vfta[E1000E_VFTA_SIZE];

	/* swapped with xchg(); RX reads it once per NAPI poll */
	struct bpf_prog *xdp_prog;
	/* AF_XDP pools bound per queue pair (RTNL); the rings take them up */
	struct xsk_buff_pool *xsk_pools[E1000E_MAX_QUEUES];

	struct delayed_work service_task;
	struct work_struct reset_task;
	unsigned long service_due;	/* jiffies of next full service run */
	struct dentry *dbg_dir;

	/* written only by the service task, under stats_lock */
	spinlock_t stats_lock;
	struct e1000e_hw_stats hw_stats;
	struct rtnl_link_stats64 stats64;
	struct e1000e_ring_stats base_tx;
	struct e1000e_ring_stats base_rx;
	u64 tx_timeouts;
	u64 tx_hangs;
	u64 resets;
};

struct e1000e_id_info {
	u16 device;
	u8 mac;
	const char *part;
};

static inline struct e1000e_adapter *
e1000e_netdev_priv(struct net_device *netdev)
{
	return netdev_priv(netdev);
}

static inline u16 e1000e_ring_next(const struct e1000e_ring *ring, u16 i)
{
	return ++i == ring->count ? 0 : i;
}

/* free slots, one always left empty so that ntu == ntc means empty */
static inline unsigned int e1000e_desc_unused(const struct e1000e_ring *ring)
{
	u16 ntc = READ_ONCE(ring->ntc), ntu = READ_ONCE(ring->ntu);

	return ((ntc > ntu) ? 0 : ring->count) + ntc - ntu - 1;
}

/* e1000e_ids.c */
extern const struct e1000e_id_info e1000e_all_ids[];
extern const unsigned int e1000e_all_ids_count;
extern const struct pci_device_id e1000e_pci_tbl[];
const struct e1000e_family *e1000e_family_for(enum e1000e_mac_type mac);
void e1000e_report_unclaimed(void);

/* e1000e_netdev.c */
int e1000e_netdev_setup(struct e1000e_adapter *ad);
int e1000e_hw_reset(struct e1000e_adapter *ad);
int e1000e_up(struct e1000e_adapter *ad);
void e1000e_down(struct e1000e_adapter *ad);
void e1000e_down_restart(struct e1000e_adapter *ad);
int e1000e_reconfigure(struct e1000e_adapter *ad);
void e1000e_update_stats(struct e1000e_adapter *ad);
void e1000e_set_rx_mode(struct net_device *netdev);
void e1000e_rss_init(struct e1000e_adapter *ad);
void e1000e_rss_write(struct e1000e_adapter *ad);
void e1000e_check_link(struct e1000e_adapter *ad);
extern const struct net_device_ops e1000e_netdev_ops;

/* e1000e_txrx.c */
int e1000e_alloc_rings(struct e1000e_adapter *ad);
void e1000e_free_rings(struct e1000e_adapter *ad);
void e1000e_configure_tx(struct e1000e_adapter *ad);
void e1000e_configure_rx(struct e1000e_adapter *ad);
int e1000e_fill_rx_rings(struct e1000e_adapter *ad);
void e1000e_clean_rings(struct e1000e_adapter *ad);
int e1000e_poll(struct napi_struct *napi, int budget);
int e1000e_poll_complete(struct e1000e_q_vector *qv, int done);
void e1000e_clean_tx(struct e1000e_ring *ring, int budget);
void e1000e_clean_rx_ring(struct e1000e_ring *ring);
int e1000e_fill_rx_ring(struct e1000e_ring *ring);
void e1000e_rx_csum(struct e1000e_ring *ring, struct sk_buff *skb,
		    u32 staterr);
void e1000e_rx_hash(struct e1000e_ring *ring, struct sk_buff *skb,
		    const union e1000e_rx_desc *desc);
netdev_tx_t e1000e_xmit(struct sk_buff *skb, struct net_device *netdev);
void e1000e_ring_stats_read(struct e1000e_ring *ring,
			    struct e1000e_ring_stats *out);

/* e1000e_xdp.c */
#define E1000E_XDP_REDIR	BIT(0)	/* xdp_do_flush() due */
#define E1000E_XDP_TX_TAIL	BIT(1)	/* XDP_TX frames wait for the tail */

int e1000e_bpf(struct net_device *netdev, struct netdev_bpf *bpf);
int e1000e_xdp_xmit(struct net_device *netdev, int n,
		    struct xdp_frame **frames, u32 flags);
bool e1000e_xdp_rx(struct e1000e_ring *ring, struct bpf_prog *prog,
		   struct page *page, void *buf, unsigned int *off,
		   unsigned int *len, unsigned int *meta, unsigned int *res);
void e1000e_xdp_rx_done(struct e1000e_ring *ring, unsigned int res);
int e1000e_xdp_queue(struct e1000e_ring *ring, dma_addr_t dma, u32 len,
		     enum e1000e_tx_type type, void *ptr);
int e1000e_xdp_tx_frame(struct e1000e_ring *rx, struct xdp_frame *frame);
int e1000e_xdp_rxq_reg(struct e1000e_ring *ring);
int e1000e_xdp_rxq_mem_reg(struct e1000e_ring *ring);
void e1000e_xdp_rxq_unreg(struct e1000e_ring *ring);

/* e1000e_xsk.c */
int e1000e_xsk_pool_setup(struct net_device *netdev,
			  struct xsk_buff_pool *pool, u16 qid);
int e1000e_xsk_wakeup(struct net_device *netdev, u32 qid, u32 flags);
int e1000e_xsk_poll(struct e1000e_q_vector *qv, int budget);
bool e1000e_xsk_refill(struct e1000e_ring *ring);
void e1000e_xsk_tx_done(struct e1000e_ring *ring);
bool e1000e_xsk_any(struct e1000e_adapter *ad);

/* e1000e_irq.c */
int e1000e_irq_init(struct e1000e_adapter *ad);
void e1000e_irq_deinit(struct e1000e_adapter *ad);
int e1000e_irq_request(struct e1000e_adapter *ad);
void e1000e_irq_free(struct e1000e_adapter *ad);
void e1000e_irq_configure(struct e1000e_adapter *ad);
void e1000e_irq_enable(struct e1000e_adapter *ad);
void e1000e_irq_disable(struct e1000e_adapter *ad);
void e1000e_irq_enable_vector(struct e1000e_q_vector *qv);
void e1000e_set_itr(struct e1000e_q_vector *qv, u32 usecs);
void e1000e_dim_init(struct e1000e_q_vector *qv);

/* e1000e_debugfs.c */
void e1000e_dbg_init(void);
void e1000e_dbg_exit(void);
void e1000e_dbg_add(struct e1000e_adapter *ad);
void e1000e_dbg_del(struct e1000e_adapter *ad);

/* e1000e_ethtool.c */
void e1000e_set_ethtool_ops(struct net_device *netdev);

#endif /* _E1000E_H_ */
