// SPDX-License-Identifier: GPL-2.0
/* XDP test program: reflect IPv4 UDP frames to port 9 (discard) back out
 * of the port they came in on, with MAC addresses, IPv4 addresses and UDP
 * ports swapped. Swapping keeps both checksums valid (one's complement
 * sums do not depend on the order of the words), so the sender's stack
 * accepts the reflection as a datagram to its own address and port.
 * Everything else goes to the stack.
 */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/in.h>
#include <linux/ip.h>
#include <linux/udp.h>
#include <bpf/bpf_endian.h>
#include <bpf/bpf_helpers.h>

SEC("xdp")
int xdp_tx(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = data;
	unsigned char mac[ETH_ALEN];
	struct udphdr *udp;
	struct iphdr *ip;
	__be32 addr;
	__be16 port;

	if ((void *)(eth + 1) > end || eth->h_proto != bpf_htons(ETH_P_IP))
		return XDP_PASS;
	ip = (void *)(eth + 1);
	if ((void *)(ip + 1) > end || ip->ihl != 5 || ip->protocol != IPPROTO_UDP)
		return XDP_PASS;
	udp = (void *)(ip + 1);
	if ((void *)(udp + 1) > end || udp->dest != bpf_htons(9))
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
