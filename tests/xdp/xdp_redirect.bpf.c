// SPDX-License-Identifier: GPL-2.0
/* XDP test program: IPv4 UDP frames to port 7777 get port 7778 and go out
 * of the device in slot 0 of devmap tx_port (set from user space); the
 * rest goes to the stack. The UDP checksum is cleared (optional in IPv4)
 * since the port changed.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#include "udp4.h"

struct {
	__uint(type, BPF_MAP_TYPE_DEVMAP);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} tx_port SEC(".maps");

SEC("xdp")
int xdp_redirect(struct xdp_md *ctx)
{
	struct udphdr *udp;
	struct ethhdr *eth;
	struct iphdr *ip;

	udp = udp4_to_port(ctx, 7777, &eth, &ip);
	if (!udp)
		return XDP_PASS;

	udp->dest = bpf_htons(7778);
	udp->check = 0;
	return bpf_redirect_map(&tx_port, 0, XDP_DROP);
}

char _license[] SEC("license") = "GPL";
