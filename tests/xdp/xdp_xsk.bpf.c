// SPDX-License-Identifier: GPL-2.0
/* XDP test program: IPv4 UDP frames to port 9 (pktgen's) go to the
 * AF_XDP socket in slot <receive queue> of xsks_map (tests/xdp/xsk.c puts
 * its socket there); the rest, and frames of a queue without a socket,
 * go to the stack.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#include "udp4.h"

struct {
	__uint(type, BPF_MAP_TYPE_XSKMAP);
	__uint(max_entries, 2);
	__type(key, __u32);
	__type(value, __u32);
} xsks_map SEC(".maps");

SEC("xdp")
int xdp_xsk(struct xdp_md *ctx)
{
	struct ethhdr *eth;
	struct iphdr *ip;

	if (!udp4_to_port(ctx, 9, &eth, &ip))
		return XDP_PASS;
	return bpf_redirect_map(&xsks_map, ctx->rx_queue_index, XDP_PASS);
}

char _license[] SEC("license") = "GPL";
