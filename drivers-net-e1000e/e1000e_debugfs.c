// SPDX-License-Identifier: GPL-2.0
/* Intel PRO/1000 PCIe: debugfs, the fault switches of the tests
 *
 * /sys/kernel/debug/e1000e/<PCI address>/
 *   tx_stall  write 1: turn the transmitter off behind the driver's back,
 *             as a device that stopped fetching descriptors looks; the TX
 *             hang check of the service task must notice and reset the
 *             device, which turns the transmitter on again.
 */

#include <linux/debugfs.h>
#include <linux/rtnetlink.h>

#include "e1000e.h"

static struct dentry *e1000e_dbg_root;

static ssize_t e1000e_dbg_tx_stall_write(struct file *file,
					 const char __user *buf, size_t len,
					 loff_t *ppos)
{
	struct e1000e_adapter *ad = file->private_data;
	struct e1000e_hw *hw = &ad->hw;
	bool stall;
	int err;

	err = kstrtobool_from_user(buf, len, &stall);
	if (err)
		return err;
	/* only the reset undoes a stall */
	if (!stall)
		return -EINVAL;

	rtnl_lock();
	if (!netif_running(ad->netdev) || test_bit(E1000E_DOWN, &ad->state)) {
		err = -ENETDOWN;
	} else {
		e1000e_wr32(hw, E1000E_TCTL,
			    e1000e_rd32(hw, E1000E_TCTL) & ~E1000E_TCTL_EN);
		netdev_warn(ad->netdev, "debugfs tx_stall: transmitter turned off\n");
	}
	rtnl_unlock();
	return err ?: len;
}

static const struct file_operations e1000e_dbg_tx_stall_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.write	= e1000e_dbg_tx_stall_write,
	.llseek	= noop_llseek,
};

/**
 * e1000e_dbg_add - create the adapter's debugfs folder
 * @ad: adapter, registered
 */
void e1000e_dbg_add(struct e1000e_adapter *ad)
{
	ad->dbg_dir = debugfs_create_dir(pci_name(ad->pdev), e1000e_dbg_root);
	debugfs_create_file("tx_stall", 0200, ad->dbg_dir, ad,
			    &e1000e_dbg_tx_stall_fops);
}

/**
 * e1000e_dbg_del - remove the adapter's debugfs folder
 * @ad: adapter; waits for writers in progress, so call it without RTNL
 */
void e1000e_dbg_del(struct e1000e_adapter *ad)
{
	debugfs_remove_recursive(ad->dbg_dir);
	ad->dbg_dir = NULL;
}

/**
 * e1000e_dbg_init - create the driver's debugfs folder at module load
 */
void e1000e_dbg_init(void)
{
	e1000e_dbg_root = debugfs_create_dir(E1000E_DRV_NAME, NULL);
}

/**
 * e1000e_dbg_exit - remove the driver's debugfs folder at module unload
 */
void e1000e_dbg_exit(void)
{
	debugfs_remove_recursive(e1000e_dbg_root);
	e1000e_dbg_root = NULL;
}
