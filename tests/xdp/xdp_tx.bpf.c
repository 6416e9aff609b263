// SPDX-License-Identifier: GPL-2.0
/* XDP test program: reflect IPv4 UDP frames to port 9 (discard) back out
 * of the port they came in on, with MAC addresses, IPv4 addresses and UDP
 * ports swapped. Swapping keeps both checksums valid (one's complement
 * sums do not depend on the order of the words), so the sender's stack
 * accepts the reflection as a datagram to its own address and port.
 * Everything else goes to the stack.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#include "udp4.h"

SEC("xdp")
int xdp_tx(struct xdp_md *ctx)
{
	unsigned char mac[ETH_ALEN];
	struct udphdr *udp;
	struct ethhdr *eth;
	struct iphdr *ip;
	__be32 addr;
	__be16 port;

	udp = udp4_to_port(ctx, 9, &eth, &ip);
	if (!udp)
		return XDP_PASS;

	__builtin_memcpy(mac, eth->h_dest, ETH_ALEN);
	__builtin_memcpy(eth->h_dest, eth->h_source, ETH_ALEN);
	__builtin_memcpy(eth->h_source, mac, ETH_ALEN);
	addr = ip->saddr;
	ip->saddr = ip->daddr;
	ip->daddr = addr;
	port = udp->source;
	udp->source = udp->dest;
	udp->dest = port;
	return XDP_TX;
}

char _license[] SEC("license") = "GPL";
