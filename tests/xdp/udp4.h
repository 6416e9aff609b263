/* SPDX-License-Identifier: GPL-2.0 */
/* Shared by the XDP test programs: find the UDP header of an IPv4 frame
 * (no IP options) sent to one destination port.
 */
#ifndef XDP_TEST_UDP4_H
#define XDP_TEST_UDP4_H

#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/in.h>
#include <linux/ip.h>
#include <linux/udp.h>
#include <bpf/bpf_endian.h>

/* udp4_to_port - the frame's Ethernet, IPv4 and UDP headers when it is an
 * IPv4 UDP datagram to @port (host order) lying wholly in the buffer;
 * NULL otherwise
 */
static __always_inline struct udphdr *
udp4_to_port(struct xdp_md *ctx, __u16 port, struct ethhdr **ethp,
	     struct iphdr **ipp)
{
	void *end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = (void *)(long)ctx->data;
	struct udphdr *udp;
	struct iphdr *ip;

	if ((void *)(eth + 1) > end || eth->h_proto != bpf_htons(ETH_P_IP))
		return NULL;
	ip = (void *)(eth + 1);
	if ((void *)(ip + 1) > end || ip->ihl != 5 ||
	    ip->protocol != IPPROTO_UDP)
		return NULL;
	udp = (void *)(ip + 1);
	if ((void *)(udp + 1) > end || udp->dest != bpf_htons(port))
		return NULL;
	*ethp = eth;
	*ipp = ip;
	return udp;
}

#endif
