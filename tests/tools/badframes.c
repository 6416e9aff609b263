// SPDX-License-Identifier: GPL-2.0
/* badframes: send crafted, mostly broken, Ethernet frames on an AF_PACKET
 * SOCK_RAW socket bound to one interface, for the bad-input tests of our
 * e1000e (tests/e1000e/badinput.sh). Built static (make tools) and run in
 * the guest from the peer port towards the port under test.
 *
 *   badframes -i IF -d DSTMAC -m MODE [-n COUNT] [-l MIN[-MAX]]
 *             [-S SRCIP] [-D DSTIP] [-p PORT] [-v VID[,VID]] [-r SEED]
 *
 * Frame lengths are without the FCS. -l cycles the length of successive
 * frames through MIN..MAX (modes with a payload). Modes:
 *   runt         ethertype 0x88b5 (local experimental), 14..59 bytes
 *   oversize     IPv4/UDP to DSTIP:PORT, lengths from -l (default 1523-2000)
 *   jumbo        IPv4/UDP to DSTIP:PORT, 9014 bytes (a 9000-byte MTU frame)
 *   good-udp     IPv4/UDP to DSTIP:PORT, both checksums right (control)
 *   bad-ipcsum   IPv4/UDP, IPv4 header checksum wrong, UDP checksum right
 *   bad-udpcsum  IPv4/UDP, UDP checksum wrong (never 0: 0 means "none")
 *   good-tcp     IPv4/TCP SYN to DSTIP:PORT, checksums right (control)
 *   bad-tcpcsum  IPv4/TCP SYN to DSTIP:PORT, TCP checksum wrong
 *   stacked      802.1Q VID a, 802.1Q VID b, IPv4/UDP (-v a,b)
 *   qinq         802.1ad VID a, 802.1Q VID b, IPv4/UDP (-v a,b)
 *   bogus-vlan   802.1Q VID 4095 (reserved), IPv4/UDP
 *   bogus-tpid   tag with the unknown TPID 0x9100, VID a, IPv4/UDP
 *   trunc-ip     even frames: IHL 6 with a timestamp option of 40 bytes
 *                in its 4 bytes of options; odd: total length 1000 in
 *                a 60-byte frame
 *   trunc-tcp    even frames: the frame ends 10 bytes into the TCP header
 *                while the IPv4 total length claims 140 bytes; odd: a
 *                complete datagram whose TCP data offset is 3 (< 5)
 *   trunc-udp    even frames: 4 bytes of UDP header (IPv4 length agrees);
 *                odd: UDP length 200 in a 28-byte datagram
 *   random       COUNT frames from SEED: length 14..1514, our DSTMAC, the
 *                sender's source MAC, the rest random bytes; one in four
 *                is made an IPv4 packet to DSTIP (random protocol among
 *                TCP/UDP/ICMP/other, header checksum right half the time)
 *                so that random bytes also reach the IP and L4 code. A
 *                random ethertype that is IPv4, IPv6 or a VLAN TPID is
 *                changed: QEMU's sending e1000e model drops a frame whose
 *                IP header it cannot parse, so those would not arrive
 * Prints "badframes MODE sent N bytes B" (and "retries R" when the qdisc
 * pushed back, each frame is sent until it is accepted); exit status 0
 * when all COUNT frames were sent.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <linux/if_packet.h>
#include <net/ethernet.h>
#include <net/if.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define MAX_FRAME	9018
#define TPID_BOGUS	0x9100
#define ETH_P_LOCAL	0x88b5

struct opts {
	const char *ifname, *mode;
	uint8_t dst[6], src[6];
	unsigned long count;
	unsigned int lmin, lmax;
	uint32_t sip, dip;	/* network order */
	uint16_t port;
	unsigned int vid[2];
	uint64_t seed;
};

static uint64_t rng_state;

/* xorshift64*: a fixed sequence per seed, nothing more is asked of it */
static uint64_t rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 2685821657736338717ULL;
}

static uint32_t csum_add(uint32_t sum, const void *buf, size_t len)
{
	const uint8_t *p = buf;

	while (len > 1) {
		sum += (uint32_t)p[0] << 8 | p[1];
		p += 2;
		len -= 2;
	}
	if (len)
		sum += (uint32_t)p[0] << 8;
	return sum;
}

static uint16_t csum_fold(uint32_t sum)
{
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)~sum;
}

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = v >> 8;
	p[1] = v & 0xff;
}

/* L2 header with up to two tags; returns its length */
static size_t put_l2(uint8_t *f, const struct opts *o, const uint16_t *tpid,
		     const unsigned int *vid, int ntags, uint16_t type)
{
	size_t off = 12;
	int i;

	memcpy(f, o->dst, 6);
	memcpy(f + 6, o->src, 6);
	for (i = 0; i < ntags; i++) {
		put16(f + off, tpid[i]);
		put16(f + off + 2, vid[i] & 0xfff);
		off += 4;
	}
	put16(f + off, type);
	return off + 2;
}

/* IPv4 header of 20 bytes at @ip; @totlen is the IPv4 total length */
static void put_ip4(uint8_t *ip, const struct opts *o, uint8_t proto,
		    uint16_t totlen, uint16_t id, int good)
{
	uint16_t c;

	memset(ip, 0, 20);
	ip[0] = 0x45;
	put16(ip + 2, totlen);
	put16(ip + 4, id);
	put16(ip + 6, 0x4000);	/* DF */
	ip[8] = 64;
	ip[9] = proto;
	memcpy(ip + 12, &o->sip, 4);
	memcpy(ip + 16, &o->dip, 4);
	c = csum_fold(csum_add(0, ip, 20));
	if (!good)
		c ^= 0x5a5a;	/* any change of a right sum makes it wrong */
	put16(ip + 10, c);
}

/* L4 checksum with the IPv4 pseudo header over @len bytes at @l4 */
static uint16_t l4_csum(const struct opts *o, uint8_t proto,
			const uint8_t *l4, size_t len)
{
	uint8_t ph[12];

	memcpy(ph, &o->sip, 4);
	memcpy(ph + 4, &o->dip, 4);
	ph[8] = 0;
	ph[9] = proto;
	put16(ph + 10, len);
	return csum_fold(csum_add(csum_add(0, ph, 12), l4, len));
}

/* IPv4/UDP datagram filling @flen bytes of frame after @l2 bytes of L2 */
static size_t put_udp4(uint8_t *f, size_t l2, size_t flen, const struct opts *o,
		       unsigned long n, int ip_good, int udp_good)
{
	uint8_t *ip = f + l2, *udp = ip + 20;
	size_t dlen = flen - l2 - 20, i;
	uint16_t c;

	put_ip4(ip, o, 17, 20 + dlen, n & 0xffff, ip_good);
	put16(udp, 40000 + (n % 1000));
	put16(udp + 2, o->port);
	put16(udp + 4, dlen);
	put16(udp + 6, 0);
	for (i = 8; i < dlen; i++)
		udp[i] = (uint8_t)(i + n);
	c = l4_csum(o, 17, udp, dlen);
	if (c == 0)
		c = 0xffff;	/* RFC 768: a computed 0 is sent as all ones */
	if (!udp_good) {
		c ^= 0x00ff;
		if (c == 0 || c == 0xffff)
			c = 0x1234;
	}
	put16(udp + 6, c);
	return flen;
}

/* IPv4/TCP SYN (20-byte header, no options) */
static size_t put_tcp4(uint8_t *f, size_t l2, const struct opts *o,
		       unsigned long n, int good)
{
	uint8_t *ip = f + l2, *tcp = ip + 20;
	uint16_t c;

	put_ip4(ip, o, 6, 40, n & 0xffff, 1);
	memset(tcp, 0, 20);
	put16(tcp, 40000 + (n % 1000));
	put16(tcp + 2, o->port);
	put16(tcp + 4, (n * 7919) >> 16);	/* sequence number */
	put16(tcp + 6, n * 7919);
	tcp[12] = 5 << 4;
	tcp[13] = 0x02;		/* SYN */
	put16(tcp + 14, 64240);
	c = l4_csum(o, 6, tcp, 20);
	put16(tcp + 16, good ? c : (uint16_t)(c ^ 0x0f0f));
	return l2 + 40;
}

static size_t frame_len(const struct opts *o, unsigned long n)
{
	return o->lmin + n % (o->lmax - o->lmin + 1);
}

/* build frame number @n of the mode; returns its length, 0 on a bad mode */
static size_t build(uint8_t *f, const struct opts *o, unsigned long n)
{
	static const uint16_t q[2] = { ETH_P_8021Q, ETH_P_8021Q };
	static const uint16_t ad[2] = { ETH_P_8021AD, ETH_P_8021Q };
	static const uint16_t bog[1] = { TPID_BOGUS };
	static const unsigned int vid4095[1] = { 4095 };
	const char *m = o->mode;
	size_t l2, len, i;

	if (!strcmp(m, "runt")) {
		len = frame_len(o, n);
		l2 = put_l2(f, o, NULL, NULL, 0, ETH_P_LOCAL);
		for (i = l2; i < len; i++)
			f[i] = (uint8_t)(0xa0 + i);
		return len;
	}
	if (!strcmp(m, "oversize") || !strcmp(m, "jumbo") ||
	    !strcmp(m, "good-udp") || !strcmp(m, "bad-ipcsum") ||
	    !strcmp(m, "bad-udpcsum")) {
		l2 = put_l2(f, o, NULL, NULL, 0, ETH_P_IP);
		return put_udp4(f, l2, frame_len(o, n), o, n,
				strcmp(m, "bad-ipcsum"),
				strcmp(m, "bad-udpcsum"));
	}
	if (!strcmp(m, "good-tcp") || !strcmp(m, "bad-tcpcsum")) {
		l2 = put_l2(f, o, NULL, NULL, 0, ETH_P_IP);
		return put_tcp4(f, l2, o, n, !strcmp(m, "good-tcp"));
	}
	if (!strcmp(m, "stacked") || !strcmp(m, "qinq")) {
		l2 = put_l2(f, o, m[0] == 's' ? q : ad, o->vid, 2, ETH_P_IP);
		return put_udp4(f, l2, l2 + 28 + 32, o, n, 1, 1);
	}
	if (!strcmp(m, "bogus-vlan")) {
		l2 = put_l2(f, o, q, vid4095, 1, ETH_P_IP);
		return put_udp4(f, l2, l2 + 28 + 32, o, n, 1, 1);
	}
	if (!strcmp(m, "bogus-tpid")) {
		l2 = put_l2(f, o, bog, o->vid, 1, ETH_P_IP);
		return put_udp4(f, l2, l2 + 28 + 32, o, n, 1, 1);
	}
	if (!strcmp(m, "trunc-ip")) {
		l2 = put_l2(f, o, NULL, NULL, 0, ETH_P_IP);
		memset(f + l2, 0, 60 - l2);
		if (n % 2 == 0) {
			uint8_t *ip = f + l2;

			put_ip4(ip, o, 17, 46, n & 0xffff, 1);
			ip[0] = 0x46;
			ip[20] = 0x44;	/* timestamp, 40 bytes long */
			ip[21] = 40;
			ip[22] = 5;
			put16(ip + 10, 0);
			put16(ip + 10, csum_fold(csum_add(0, ip, 24)));
		} else {
			put_ip4(f + l2, o, 17, 1000, n & 0xffff, 1);
		}
		return 60;
	}
	if (!strcmp(m, "trunc-tcp")) {
		l2 = put_l2(f, o, NULL, NULL, 0, ETH_P_IP);
		len = put_tcp4(f, l2, o, n, 1);
		if (n % 2 == 0) {
			/* 140 bytes claimed, so that the model's padding of
			 * a short frame to 60 bytes cannot complete it
			 */
			put_ip4(f + l2, o, 6, 140, n & 0xffff, 1);
			return l2 + 20 + 10;
		}
		f[l2 + 20 + 12] = 3 << 4;
		return len;
	}
	if (!strcmp(m, "trunc-udp")) {
		l2 = put_l2(f, o, NULL, NULL, 0, ETH_P_IP);
		if (n % 2 == 0) {
			put_ip4(f + l2, o, 17, 24, n & 0xffff, 1);
			put16(f + l2 + 20, 40000);
			put16(f + l2 + 22, o->port);
			return l2 + 24;
		}
		put_udp4(f, l2, l2 + 28, o, n, 1, 1);
		put16(f + l2 + 24, 200);
		put16(f + l2 + 26, 0);	/* no checksum */
		return l2 + 28;
	}
	if (!strcmp(m, "random")) {
		static const uint8_t protos[4] = { 6, 17, 1, 0 };
		uint8_t *ip = f + 14;

		len = 14 + rnd() % (1514 - 14 + 1);
		memcpy(f, o->dst, 6);
		memcpy(f + 6, o->src, 6);
		for (i = 12; i < len; i++)
			f[i] = rnd();
		if (len >= 14) {
			uint16_t t = f[12] << 8 | f[13];

			if (t == ETH_P_IP || t == ETH_P_IPV6 ||
			    t == ETH_P_8021Q || t == ETH_P_8021AD ||
			    t == TPID_BOGUS)
				f[13] ^= 0x01;
		}
		if (rnd() % 4 == 0 && len >= 14 + 20) {
			uint8_t proto = protos[rnd() % 4];

			if (!proto)
				proto = rnd();
			put16(f + 12, ETH_P_IP);
			put_ip4(ip, o, proto, len - 14, rnd(), rnd() % 2);
		}
		return len;
	}
	return 0;
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

static void usage(void)
{
	fprintf(stderr, "usage: badframes -i IF -d DSTMAC -m MODE [-n COUNT] [-l MIN[-MAX]]\n"
		"         [-S SRCIP] [-D DSTIP] [-p PORT] [-v VID[,VID]] [-r SEED]\n"
		"modes: runt oversize jumbo good-udp bad-ipcsum bad-udpcsum good-tcp\n"
		"       bad-tcpcsum stacked qinq bogus-vlan bogus-tpid trunc-ip\n"
		"       trunc-tcp trunc-udp random\n");
	exit(2);
}

int main(int argc, char **argv)
{
	struct opts o = { .count = 1, .port = 9, .vid = { 10, 20 }, .seed = 1 };
	unsigned long n, retries = 0;
	unsigned long long bytes = 0;
	struct sockaddr_ll sll;
	static uint8_t f[MAX_FRAME];
	struct ifreq ifr;
	int fd, c, have_dst = 0, have_l = 0;
	size_t len;

	inet_pton(AF_INET, "192.0.2.2", &o.sip);
	inet_pton(AF_INET, "192.0.2.1", &o.dip);
	while ((c = getopt(argc, argv, "i:d:m:n:l:S:D:p:v:r:")) != -1) {
		switch (c) {
		case 'i':
			o.ifname = optarg;
			break;
		case 'd':
			if (parse_mac(optarg, o.dst))
				usage();
			have_dst = 1;
			break;
		case 'm':
			o.mode = optarg;
			break;
		case 'n':
			o.count = strtoul(optarg, NULL, 0);
			break;
		case 'l':
			if (sscanf(optarg, "%u-%u", &o.lmin, &o.lmax) == 1)
				o.lmax = o.lmin;
			have_l = 1;
			break;
		case 'S':
			if (inet_pton(AF_INET, optarg, &o.sip) != 1)
				usage();
			break;
		case 'D':
			if (inet_pton(AF_INET, optarg, &o.dip) != 1)
				usage();
			break;
		case 'p':
			o.port = strtoul(optarg, NULL, 0);
			break;
		case 'v':
			if (sscanf(optarg, "%u,%u", &o.vid[0], &o.vid[1]) < 1)
				usage();
			break;
		case 'r':
			o.seed = strtoull(optarg, NULL, 0);
			break;
		default:
			usage();
		}
	}
	if (!o.ifname || !o.mode || !have_dst)
		usage();
	if (!have_l) {
		if (!strcmp(o.mode, "runt")) {
			o.lmin = 14;
			o.lmax = 59;
		} else if (!strcmp(o.mode, "oversize")) {
			o.lmin = 1523;
			o.lmax = 2000;
		} else if (!strcmp(o.mode, "jumbo")) {
			o.lmin = o.lmax = 9014;
		} else {
			o.lmin = o.lmax = 14 + 28 + 32;
		}
	}
	if (o.lmin < 14 || o.lmax < o.lmin || o.lmax > MAX_FRAME ||
	    (strcmp(o.mode, "runt") && o.lmin < 14 + 28)) {
		fprintf(stderr, "badframes: bad length range %u-%u\n",
			o.lmin, o.lmax);
		return 2;
	}
	rng_state = o.seed ? o.seed : 1;

	/* protocol 0: the socket only sends, nothing is queued to it */
	fd = socket(AF_PACKET, SOCK_RAW, 0);
	if (fd < 0) {
		perror("badframes: socket");
		return 1;
	}
	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", o.ifname);
	if (ioctl(fd, SIOCGIFHWADDR, &ifr)) {
		perror("badframes: SIOCGIFHWADDR");
		return 1;
	}
	memcpy(o.src, ifr.ifr_hwaddr.sa_data, 6);
	memset(&sll, 0, sizeof(sll));
	sll.sll_family = AF_PACKET;
	sll.sll_ifindex = if_nametoindex(o.ifname);
	if (!sll.sll_ifindex ||
	    bind(fd, (struct sockaddr *)&sll, sizeof(sll))) {
		perror("badframes: bind");
		return 1;
	}
	for (n = 0; n < o.count; n++) {
		len = build(f, &o, n);
		if (!len) {
			fprintf(stderr, "badframes: unknown mode %s\n", o.mode);
			usage();
		}
		for (;;) {
			if (send(fd, f, len, 0) == (ssize_t)len)
				break;
			if (errno != ENOBUFS && errno != EAGAIN &&
			    errno != EINTR) {
				fprintf(stderr, "badframes: %s frame %lu (%zu bytes): %s\n",
					o.mode, n, len, strerror(errno));
				printf("badframes %s sent %lu bytes %llu\n",
				       o.mode, n, bytes);
				return 1;
			}
			/* the qdisc or the ring is full: let it drain */
			retries++;
			nanosleep(&(struct timespec){ .tv_nsec = 200000 }, NULL);
		}
		bytes += len;
	}
	printf("badframes %s sent %lu bytes %llu", o.mode, n, bytes);
	if (retries)
		printf(" retries %lu", retries);
	printf("\n");
	return 0;
}
