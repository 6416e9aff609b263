// SPDX-License-Identifier: GPL-2.0
/* xsk: AF_XDP socket test tool for the guest, on the kernel uapi alone
 * (linux/if_xdp.h and the bpf() system call; no libbpf or libxdp). The
 * XSKMAP is xsks_map of xdp_xsk.bpf.o, attached by iproute2 and found by
 * name like xdpmap does; the socket goes in the slot of its queue.
 *
 *   xsk rx IF QUEUE zc|copy COUNT [-s LEN] [-p PORT] [-t SECS] [-f CHUNK]
 *       receive COUNT frames of pktgen's (IPv4 UDP to PORT, LEN bytes) and
 *       check each: headers, IP checksum, pktgen magic, sequence numbers
 *       1..COUNT each once, zero padding after pktgen's header; with
 *       -i SECS, a share of them: stop SECS seconds after the last one
 *   xsk tx IF QUEUE zc|copy COUNT -m DSTMAC -a SRCIP -b DSTIP [-s LEN]
 *       [-p PORT] [-t SECS]
 *       send COUNT IPv4 UDP frames to DSTIP:PORT whose payload is a
 *       sequence number and a pattern derived from it; wait until all
 *       are completed
 *   xsk udprx IP PORT COUNT [-s LEN] [-t SECS]
 *       a UDP socket: receive COUNT datagrams of xsk tx and check them
 *   xsk bind IF QUEUE zc|copy [-t SECS]
 *       bind an RX socket, put it in the map, fill its fill queue once,
 *       hold it SECS seconds
 *
 * Exit status 0 only when every check passed; one summary line on stdout.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/if_xdp.h>
#include <linux/ip.h>
#include <linux/udp.h>
#include <net/if.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#ifndef AF_XDP
#define AF_XDP 44
#endif
#ifndef SOL_XDP
#define SOL_XDP 283
#endif

#define NUM_FRAMES	4096
#define RING_SIZE	2048
#define PGH_MAGIC	0xbe9be955u
#define HDRS		(sizeof(struct ethhdr) + sizeof(struct iphdr) + \
			 sizeof(struct udphdr))

struct ring {
	uint32_t *producer;
	uint32_t *consumer;
	uint32_t *flags;
	void *desc;
	uint32_t size;
	uint32_t cached;	/* our own index */
};

struct opts {
	unsigned int len, port, timeout, chunk, idle;
	const char *dstmac, *srcip, *dstip;
};

static struct opts o = { .len = 60, .port = 9, .timeout = 30, .chunk = 4096 };

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void die(const char *what)
{
	fprintf(stderr, "xsk: %s: %s\n", what, strerror(errno));
	exit(1);
}

static long sys_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(__NR_bpf, cmd, attr, sizeof(*attr));
}

/* the newest map named @name */
static int find_map(const char *name)
{
	uint32_t id = 0;
	int best = -1;

	for (;;) {
		struct bpf_map_info info;
		union bpf_attr a;
		int fd;

		memset(&a, 0, sizeof(a));
		a.start_id = id;
		if (sys_bpf(BPF_MAP_GET_NEXT_ID, &a))
			break;
		id = a.next_id;
		memset(&a, 0, sizeof(a));
		a.map_id = id;
		fd = sys_bpf(BPF_MAP_GET_FD_BY_ID, &a);
		if (fd < 0)
			continue;
		memset(&info, 0, sizeof(info));
		memset(&a, 0, sizeof(a));
		a.info.bpf_fd = fd;
		a.info.info_len = sizeof(info);
		a.info.info = (uint64_t)(unsigned long)&info;
		if (!sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &a) &&
		    info.type == BPF_MAP_TYPE_XSKMAP &&
		    !strncmp(info.name, name, sizeof(info.name))) {
			if (best >= 0)
				close(best);
			best = fd;
		} else {
			close(fd);
		}
	}
	return best;
}

static void map_ring(int fd, struct ring *r, const struct xdp_ring_offset *off,
		     uint32_t size, size_t esize, off_t pgoff)
{
	size_t len = off->desc + size * esize;
	char *m = mmap(NULL, len, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_POPULATE, fd, pgoff);

	if (m == MAP_FAILED)
		die("mmap ring");
	r->producer = (uint32_t *)(m + off->producer);
	r->consumer = (uint32_t *)(m + off->consumer);
	r->flags = (uint32_t *)(m + off->flags);
	r->desc = m + off->desc;
	r->size = size;
	r->cached = 0;
}

static uint32_t load_acq(uint32_t *p)
{
	return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

static void store_rel(uint32_t *p, uint32_t v)
{
	__atomic_store_n(p, v, __ATOMIC_RELEASE);
}

struct xsk {
	int fd;
	char *umem;
	struct ring fill, comp, rx, tx;
	int zc;
};

static int open_xsk(struct xsk *x, const char *ifname, unsigned int queue,
		    int zc, int want_rx, int want_tx)
{
	struct xdp_umem_reg ur = {};
	struct xdp_mmap_offsets off;
	struct sockaddr_xdp sa = {};
	struct xdp_options xo;
	socklen_t ol = sizeof(off);
	int n = RING_SIZE;

	x->fd = socket(AF_XDP, SOCK_RAW, 0);
	if (x->fd < 0)
		die("socket(AF_XDP)");
	x->umem = mmap(NULL, (size_t)NUM_FRAMES * o.chunk,
		       PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		       -1, 0);
	if (x->umem == MAP_FAILED)
		die("mmap umem");
	ur.addr = (uint64_t)(unsigned long)x->umem;
	ur.len = (uint64_t)NUM_FRAMES * o.chunk;
	ur.chunk_size = o.chunk;
	if (setsockopt(x->fd, SOL_XDP, XDP_UMEM_REG, &ur, sizeof(ur)))
		die("XDP_UMEM_REG");
	if (setsockopt(x->fd, SOL_XDP, XDP_UMEM_FILL_RING, &n, sizeof(n)) ||
	    setsockopt(x->fd, SOL_XDP, XDP_UMEM_COMPLETION_RING, &n,
		       sizeof(n)))
		die("fill/completion ring");
	if (want_rx && setsockopt(x->fd, SOL_XDP, XDP_RX_RING, &n, sizeof(n)))
		die("XDP_RX_RING");
	if (want_tx && setsockopt(x->fd, SOL_XDP, XDP_TX_RING, &n, sizeof(n)))
		die("XDP_TX_RING");
	if (getsockopt(x->fd, SOL_XDP, XDP_MMAP_OFFSETS, &off, &ol))
		die("XDP_MMAP_OFFSETS");
	map_ring(x->fd, &x->fill, &off.fr, RING_SIZE, sizeof(uint64_t),
		 XDP_UMEM_PGOFF_FILL_RING);
	map_ring(x->fd, &x->comp, &off.cr, RING_SIZE, sizeof(uint64_t),
		 XDP_UMEM_PGOFF_COMPLETION_RING);
	if (want_rx)
		map_ring(x->fd, &x->rx, &off.rx, RING_SIZE,
			 sizeof(struct xdp_desc), XDP_PGOFF_RX_RING);
	if (want_tx)
		map_ring(x->fd, &x->tx, &off.tx, RING_SIZE,
			 sizeof(struct xdp_desc), XDP_PGOFF_TX_RING);

	sa.sxdp_family = AF_XDP;
	sa.sxdp_ifindex = if_nametoindex(ifname);
	sa.sxdp_queue_id = queue;
	sa.sxdp_flags = (zc ? XDP_ZEROCOPY : XDP_COPY) | XDP_USE_NEED_WAKEUP;
	if (!sa.sxdp_ifindex)
		die(ifname);
	if (bind(x->fd, (struct sockaddr *)&sa, sizeof(sa)))
		die("bind");
	ol = sizeof(xo);
	if (getsockopt(x->fd, SOL_XDP, XDP_OPTIONS, &xo, &ol))
		die("XDP_OPTIONS");
	x->zc = !!(xo.flags & XDP_OPTIONS_ZEROCOPY);
	if (x->zc != zc) {
		fprintf(stderr, "xsk: bound in %s mode, asked for %s\n",
			x->zc ? "zero-copy" : "copy", zc ? "zero-copy" : "copy");
		exit(1);
	}
	return 0;
}

/* put the socket in the program's map at its queue */
static void map_insert(struct xsk *x, unsigned int queue)
{
	int mfd = find_map("xsks_map");
	union bpf_attr a = {};
	uint32_t key = queue, val = x->fd;

	if (mfd < 0) {
		fprintf(stderr, "xsk: no XSKMAP xsks_map (attach xdp_xsk.bpf.o)\n");
		exit(1);
	}
	a.map_fd = mfd;
	a.key = (uint64_t)(unsigned long)&key;
	a.value = (uint64_t)(unsigned long)&val;
	a.flags = BPF_ANY;
	if (sys_bpf(BPF_MAP_UPDATE_ELEM, &a))
		die("xsks_map update");
}

/* give the kernel every free fill slot, frames from *next on */
static void fill_some(struct xsk *x, uint64_t *frames, uint32_t *nfree)
{
	uint32_t cons = load_acq(x->fill.consumer), k = 0;
	uint32_t room = x->fill.size - (x->fill.cached - cons);
	uint64_t *d = x->fill.desc;

	while (room-- && *nfree) {
		d[x->fill.cached++ & (x->fill.size - 1)] = frames[--*nfree];
		k++;
	}
	if (k)
		store_rel(x->fill.producer, x->fill.cached);
}

static void print_stats(struct xsk *x)
{
	struct xdp_statistics st;
	socklen_t l = sizeof(st);

	if (getsockopt(x->fd, SOL_XDP, XDP_STATISTICS, &st, &l))
		return;
	printf(" rx_dropped %llu rx_ring_full %llu fill_empty %llu tx_invalid %llu",
	       (unsigned long long)st.rx_dropped,
	       (unsigned long long)st.rx_ring_full,
	       (unsigned long long)st.rx_fill_ring_empty_descs,
	       (unsigned long long)st.tx_invalid_descs);
}

static uint16_t ip_csum(const void *p, size_t len)
{
	const uint16_t *w = p;
	uint32_t s = 0;

	while (len > 1) {
		s += *w++;
		len -= 2;
	}
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return (uint16_t)~s;
}

/* checks one pktgen frame; returns its sequence number or 0 if bad */
static uint32_t check_pktgen(const uint8_t *p, uint32_t len, const char **why)
{
	const struct ethhdr *eth = (const void *)p;
	const struct iphdr *ip = (const void *)(eth + 1);
	const struct udphdr *udp = (const void *)(ip + 1);
	const uint8_t *pl = (const uint8_t *)(udp + 1);
	uint32_t magic, seq, i;

	*why = "length";
	if (len != o.len || len < HDRS + 8)
		return 0;
	*why = "ethertype";
	if (eth->h_proto != htons(ETH_P_IP))
		return 0;
	*why = "ip header";
	if (ip->version != 4 || ip->ihl != 5 || ip->protocol != IPPROTO_UDP ||
	    ntohs(ip->tot_len) != len - sizeof(*eth))
		return 0;
	*why = "ip checksum";
	if (ip_csum(ip, sizeof(*ip)))
		return 0;
	*why = "udp header";
	if (ntohs(udp->dest) != o.port ||
	    ntohs(udp->len) != len - sizeof(*eth) - sizeof(*ip))
		return 0;
	*why = "pktgen magic";
	memcpy(&magic, pl, 4);
	memcpy(&seq, pl + 4, 4);
	if (ntohl(magic) != PGH_MAGIC)
		return 0;
	*why = "padding";
	for (i = 16; i < len - HDRS; i++)
		if (pl[i])
			return 0;
	return ntohl(seq);
}

static int do_rx(const char *ifname, unsigned int queue, int zc,
		 uint32_t count)
{
	uint32_t nfree = 0, got = 0, bad = 0, dup = 0, range = 0, i;
	uint64_t frames[NUM_FRAMES];
	double t0 = 0, t1 = 0, end;
	const char *why = "", *first_why = NULL;
	uint8_t *seen = calloc(count + 1, 1);
	struct xsk x;

	if (!seen)
		die("calloc");
	open_xsk(&x, ifname, queue, zc, 1, 0);
	map_insert(&x, queue);
	for (i = 0; i < NUM_FRAMES; i++)
		frames[nfree++] = (uint64_t)i * o.chunk;
	fill_some(&x, frames, &nfree);
	printf("xsk: rx ready on %s queue %u (%s)\n", ifname, queue,
	       x.zc ? "zero-copy" : "copy");
	fflush(stdout);

	end = now_s() + o.timeout;
	while (got < count && now_s() < end) {
		struct xdp_desc *d = x.rx.desc;
		uint32_t prod = load_acq(x.rx.producer);

		if (o.idle && t1 && now_s() > t1 + o.idle)
			break;

		if (prod == x.rx.cached) {
			struct pollfd pfd = { .fd = x.fd, .events = POLLIN };

			/* poll() also wakes the driver when it asked */
			poll(&pfd, 1, 100);
			continue;
		}
		while (x.rx.cached != prod) {
			struct xdp_desc *e = &d[x.rx.cached++ & (x.rx.size - 1)];
			uint32_t seq;

			seq = check_pktgen((uint8_t *)x.umem + e->addr, e->len,
					   &why);
			if (!t0)
				t0 = now_s();
			got++;
			if (!seq) {
				bad++;
				if (!first_why)
					first_why = why;
			} else if (seq > count) {
				range++;
			} else if (seen[seq]++) {
				dup++;
			}
			/* the chunk goes back to the fill queue */
			frames[nfree++] = e->addr & ~((uint64_t)o.chunk - 1);
		}
		t1 = now_s();
		store_rel(x.rx.consumer, x.rx.cached);
		fill_some(&x, frames, &nfree);
		if (*x.fill.flags & XDP_RING_NEED_WAKEUP)
			recvfrom(x.fd, NULL, 0, MSG_DONTWAIT, NULL, NULL);
	}

	printf("xsk rx %s q%u %s: got %u of %u, bad %u%s%s, out of range %u, duplicate %u",
	       ifname, queue, x.zc ? "zc" : "copy", got, count, bad,
	       first_why ? " first: " : "", first_why ? first_why : "",
	       range, dup);
	if (got > 1 && t1 > t0)
		printf(", %.0f pkt/s", (got - 1) / (t1 - t0));
	print_stats(&x);
	printf("\n");
	if (o.idle)
		return got && !bad && !range && !dup ? 0 : 1;
	return got == count && !bad && !range && !dup ? 0 : 1;
}

static int parse_mac(const char *s, uint8_t *mac)
{
	unsigned int b[6], i;

	if (sscanf(s, "%x:%x:%x:%x:%x:%x", &b[0], &b[1], &b[2], &b[3], &b[4],
		   &b[5]) != 6)
		return -1;
	for (i = 0; i < 6; i++)
		mac[i] = b[i];
	return 0;
}

static int own_mac(const char *ifname, uint8_t *mac)
{
	char path[128], buf[32];
	FILE *f;

	snprintf(path, sizeof(path), "/sys/class/net/%s/address", ifname);
	f = fopen(path, "r");
	if (!f || !fgets(buf, sizeof(buf), f))
		return -1;
	fclose(f);
	return parse_mac(buf, mac);
}

/* byte i of the payload of datagram seq (after its 4-byte number) */
static uint8_t pattern(uint32_t seq, uint32_t i)
{
	return (uint8_t)(seq * 7 + i * 13 + (i >> 8));
}

static void build_frame(uint8_t *p, uint32_t seq, const uint8_t *src,
			const uint8_t *dst, struct in_addr sip,
			struct in_addr dip)
{
	struct ethhdr *eth = (void *)p;
	struct iphdr *ip = (void *)(eth + 1);
	struct udphdr *udp = (void *)(ip + 1);
	uint8_t *pl = (uint8_t *)(udp + 1);
	uint32_t n = htonl(seq), i;

	memcpy(eth->h_dest, dst, 6);
	memcpy(eth->h_source, src, 6);
	eth->h_proto = htons(ETH_P_IP);
	memset(ip, 0, sizeof(*ip));
	ip->version = 4;
	ip->ihl = 5;
	ip->ttl = 64;
	ip->protocol = IPPROTO_UDP;
	ip->tot_len = htons(o.len - sizeof(*eth));
	ip->id = htons(seq & 0xffff);
	ip->saddr = sip.s_addr;
	ip->daddr = dip.s_addr;
	ip->check = ip_csum(ip, sizeof(*ip));
	udp->source = htons(o.port);
	udp->dest = htons(o.port);
	udp->len = htons(o.len - sizeof(*eth) - sizeof(*ip));
	udp->check = 0;
	memcpy(pl, &n, 4);
	for (i = 4; i < o.len - HDRS; i++)
		pl[i] = pattern(seq, i);
}

static int do_tx(const char *ifname, unsigned int queue, int zc,
		 uint32_t count)
{
	uint32_t sent = 0, done = 0, nfree = 0, i, kicks = 0;
	uint64_t frames[NUM_FRAMES];
	uint8_t src[6], dst[6];
	struct in_addr sip, dip;
	double t0, t1, end;
	struct xsk x;

	if (!o.dstmac || !o.srcip || !o.dstip || parse_mac(o.dstmac, dst) ||
	    own_mac(ifname, src) || !inet_aton(o.srcip, &sip) ||
	    !inet_aton(o.dstip, &dip) || o.len < HDRS + 4 ||
	    o.len > o.chunk) {
		fprintf(stderr, "xsk tx: needs -m DSTMAC -a SRCIP -b DSTIP, -s %zu..%u\n",
			HDRS + 4, o.chunk);
		return 2;
	}
	open_xsk(&x, ifname, queue, zc, 0, 1);
	for (i = 0; i < NUM_FRAMES; i++)
		frames[nfree++] = (uint64_t)i * o.chunk;

	t0 = now_s();
	end = t0 + o.timeout;
	while (done < count && now_s() < end) {
		struct xdp_desc *d = x.tx.desc;
		uint64_t *c = x.comp.desc;
		uint32_t cons = load_acq(x.tx.consumer), prod;
		uint32_t room = x.tx.size - (x.tx.cached - cons), k = 0;

		while (room && nfree && sent < count) {
			struct xdp_desc *e = &d[x.tx.cached++ & (x.tx.size - 1)];

			e->addr = frames[--nfree];
			e->len = o.len;
			e->options = 0;
			build_frame((uint8_t *)x.umem + e->addr, ++sent, src,
				    dst, sip, dip);
			room--;
			k++;
		}
		if (k)
			store_rel(x.tx.producer, x.tx.cached);
		/* copy mode sends in sendto(); zero-copy when asked to */
		if (!zc || !kicks || (*x.tx.flags & XDP_RING_NEED_WAKEUP)) {
			kicks++;
			if (sendto(x.fd, NULL, 0, MSG_DONTWAIT, NULL, 0) < 0 &&
			    errno != EAGAIN && errno != EBUSY &&
			    errno != ENOBUFS)
				die("sendto");
		}
		prod = load_acq(x.comp.producer);
		if (prod == x.comp.cached) {
			struct pollfd pfd = { .fd = x.fd, .events = POLLOUT };

			if (!k)
				poll(&pfd, 1, 10);
			continue;
		}
		while (x.comp.cached != prod) {
			frames[nfree++] = c[x.comp.cached++ &
					    (x.comp.size - 1)];
			done++;
		}
		store_rel(x.comp.consumer, x.comp.cached);
	}
	t1 = now_s();
	printf("xsk tx %s q%u %s: sent %u, completed %u of %u, %u kicks",
	       ifname, queue, x.zc ? "zc" : "copy", sent, done, count, kicks);
	if (done && t1 > t0)
		printf(", %.0f pkt/s", done / (t1 - t0));
	print_stats(&x);
	printf("\n");
	return done == count ? 0 : 1;
}

static int do_udprx(const char *ip, unsigned int port, uint32_t count)
{
	struct sockaddr_in sa = { .sin_family = AF_INET };
	uint32_t got = 0, bad = 0, dup = 0, range = 0, want = o.len - HDRS;
	int fd = socket(AF_INET, SOCK_DGRAM, 0), rb = 16 << 20;
	uint8_t *seen = calloc(count + 1, 1), buf[4096];
	struct timeval tv = { .tv_sec = 1 };
	double end;

	if (fd < 0 || !seen)
		die("udp socket");
	setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rb, sizeof(rb));
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	sa.sin_port = htons(port);
	if (!inet_aton(ip, &sa.sin_addr) ||
	    bind(fd, (struct sockaddr *)&sa, sizeof(sa)))
		die("udp bind");
	printf("xsk: udprx ready on %s:%u\n", ip, port);
	fflush(stdout);

	end = now_s() + o.timeout;
	while (got < count && now_s() < end) {
		ssize_t n = recv(fd, buf, sizeof(buf), 0);
		uint32_t seq, i;
		int ok;

		if (n < 0)
			continue;
		got++;
		ok = n == want && n >= 4;
		memcpy(&seq, buf, 4);
		seq = ntohl(seq);
		for (i = 4; ok && i < n; i++)
			ok = buf[i] == pattern(seq, i);
		if (!ok)
			bad++;
		else if (!seq || seq > count)
			range++;
		else if (seen[seq]++)
			dup++;
	}
	printf("xsk udprx %s:%u: got %u of %u, bad %u, out of range %u, duplicate %u\n",
	       ip, port, got, count, bad, range, dup);
	return got == count && !bad && !range && !dup ? 0 : 1;
}

static int do_bind(const char *ifname, unsigned int queue, int zc)
{
	uint64_t frames[NUM_FRAMES];
	uint32_t nfree = 0, i;
	struct xsk x;

	open_xsk(&x, ifname, queue, zc, 1, 0);
	map_insert(&x, queue);
	/* buffers for what the program passes to the stack */
	for (i = 0; i < NUM_FRAMES; i++)
		frames[nfree++] = (uint64_t)i * o.chunk;
	fill_some(&x, frames, &nfree);
	recvfrom(x.fd, NULL, 0, MSG_DONTWAIT, NULL, NULL);
	printf("xsk: bound %s queue %u (%s), holding %u s\n", ifname, queue,
	       x.zc ? "zero-copy" : "copy", o.timeout);
	fflush(stdout);
	sleep(o.timeout);
	return 0;
}

static int mode_of(const char *s)
{
	if (!strcmp(s, "zc"))
		return 1;
	if (!strcmp(s, "copy"))
		return 0;
	fprintf(stderr, "xsk: mode %s: zc or copy\n", s);
	exit(2);
}

int main(int argc, char **argv)
{
	char *pos[5];
	int np = 0, i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (a[0] == '-' && a[1] && !a[2] && i + 1 < argc) {
			const char *v = argv[++i];

			switch (a[1]) {
			case 's': o.len = strtoul(v, NULL, 0); break;
			case 'p': o.port = strtoul(v, NULL, 0); break;
			case 't': o.timeout = strtoul(v, NULL, 0); break;
			case 'f': o.chunk = strtoul(v, NULL, 0); break;
			case 'i': o.idle = strtoul(v, NULL, 0); break;
			case 'm': o.dstmac = v; break;
			case 'a': o.srcip = v; break;
			case 'b': o.dstip = v; break;
			default: goto usage;
			}
		} else if (np < 5) {
			pos[np++] = argv[i];
		} else {
			goto usage;
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (o.chunk != 2048 && o.chunk != 4096)
		goto usage;
	if (np == 5 && !strcmp(pos[0], "rx"))
		return do_rx(pos[1], strtoul(pos[2], NULL, 0), mode_of(pos[3]),
			     strtoul(pos[4], NULL, 0));
	if (np == 5 && !strcmp(pos[0], "tx"))
		return do_tx(pos[1], strtoul(pos[2], NULL, 0), mode_of(pos[3]),
			     strtoul(pos[4], NULL, 0));
	if (np == 4 && !strcmp(pos[0], "udprx"))
		return do_udprx(pos[1], strtoul(pos[2], NULL, 0),
				strtoul(pos[3], NULL, 0));
	if (np == 4 && !strcmp(pos[0], "bind"))
		return do_bind(pos[1], strtoul(pos[2], NULL, 0),
			       mode_of(pos[3]));
usage:
	fprintf(stderr, "usage: xsk rx|tx IF QUEUE zc|copy COUNT [opts] | udprx IP PORT COUNT | bind IF QUEUE zc|copy\n");
	return 2;
}
