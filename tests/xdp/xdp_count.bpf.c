// SPDX-License-Identifier: GPL-2.0
/* XDP test program: count frames and bytes in map xdp_cnt, then pass them */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 2);		/* 0: frames, 1: bytes */
	__type(key, __u32);
	__type(value, __u64);
} xdp_cnt SEC(".maps");

SEC("xdp")
int xdp_count(struct xdp_md *ctx)
{
	__u64 len = ctx->data_end - ctx->data;
	__u32 k = 0;
	__u64 *v;

	v = bpf_map_lookup_elem(&xdp_cnt, &k);
	if (v)
		__sync_fetch_and_add(v, 1);
	k = 1;
	v = bpf_map_lookup_elem(&xdp_cnt, &k);
	if (v)
		__sync_fetch_and_add(v, len);
	return XDP_PASS;
}

char _license[] SEC("license") = "GPL";
