// SPDX-License-Identifier: GPL-2.0
/* XDP test program: IPv4 UDP frames to port 7777 get port 7778 and go out
 * of the device in slot 0 of devmap tx_port (set from user space); the
 * rest goes to the stack. The UDP checksum is cleared (optional in IPv4)
 * since the port changed.
 */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/in.h>
#include <linux/ip.h>
#include <linux/udp.h>
#include <bpf/bpf_endian.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_DEVMAP);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} tx_port SEC(".maps");

SEC("xdp")
int xdp_redirect(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = data;
	struct udphdr *udp;
	struct iphdr *ip;

	if ((void *)(eth + 1) > end || eth->h_proto != bpf_htons(ETH_P_IP))
		return XDP_PASS;
	ip = (void *)(eth + 1);
	if ((void *)(ip + 1) > end || ip->ihl != 5 || ip->protocol != IPPROTO_UDP)
		return XDP_PASS;
	udp = (void *)(ip + 1);
	if ((void *)(udp + 1) > end || udp->dest != bpf_htons(7777))
		return XDP_PASS;

	udp->dest = bpf_htons(7778);
	udp->check = 0;
	return bpf_redirect_map(&tx_port, 0, XDP_DROP);
}

char _license[] SEC("license") = "GPL";
