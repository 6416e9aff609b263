// SPDX-License-Identifier: GPL-2.0
/* XDP benchmark program: drop every frame, counting them per CPU in map
 * drop_cnt (slot 0), so the count does not depend on the driver's stats.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} drop_cnt SEC(".maps");

SEC("xdp")
int xdp_dropcnt(struct xdp_md *ctx)
{
	__u32 k = 0;
	__u64 *v;

	v = bpf_map_lookup_elem(&drop_cnt, &k);
	if (v)
		(*v)++;
	return XDP_DROP;
}

char _license[] SEC("license") = "GPL";
