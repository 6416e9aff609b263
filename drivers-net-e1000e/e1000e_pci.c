// SPDX-License-Identifier: GPL-2.0
/* Intel PRO/1000 PCIe: PCI probe, removal and power management */

#include <linux/etherdevice.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/rtnetlink.h>

#include "e1000e.h"

static int e1000e_probe_hw(struct e1000e_adapter *ad)
{
	struct e1000e_hw *hw = &ad->hw;
	struct device *dev = &ad->pdev->dev;
	int err;

	err = ad->fam->mac->reset(hw);
	if (err) {
		dev_err(dev, "MAC reset failed (%d): device not responding\n",
			err);
		return err;
	}

	err = ad->fam->phy->identify(hw);
	if (err)
		dev_warn(dev, "PHY not identified (%d)\n", err);
	err = ad->fam->phy->reset(hw);
	if (err)
		dev_warn(dev, "PHY reset failed (%d)\n", err);

	err = ad->fam->nvm->validate(hw);
	if (err == -EBADMSG) {
		dev_err(dev, "NVM checksum is not valid: words 0x00-0x3f must add up to 0x%04x; the NVM image needs repair, refusing to drive this device\n",
			E1000E_NVM_SUM);
		return -EIO;
	}
	if (err) {
		dev_err(dev, "NVM read failed (%d)\n", err);
		return err;
	}

	err = e1000e_mac_read_addr(hw);
	if (err) {
		dev_err(dev, "reading the MAC address from NVM failed (%d)\n",
			err);
		return err;
	}
	if (!is_valid_ether_addr(hw->perm_addr)) {
		dev_err(dev, "NVM holds an invalid MAC address %pM\n",
			hw->perm_addr);
		return -EIO;
	}
	return 0;
}

/**
 * e1000e_probe - PCI probe: map, validate the NVM, register the netdev
 * @pdev: PCI device
 * @id: matching ID table entry
 *
 * Return: 0 or a negative error.
 */
static int e1000e_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	const struct e1000e_family *fam = e1000e_family_for(id->driver_data);
	struct e1000e_adapter *ad;
	struct net_device *netdev;
	int err;

	if (!fam)
		return -ENODEV;

	/* both parts hang or flap the link with ASPM on: keep it off */
	if (fam->flags & E1000E_FAM_NO_ASPM)
		pci_disable_link_state(pdev, PCIE_LINK_STATE_L0S |
				       PCIE_LINK_STATE_L1);

	err = pci_enable_device_mem(pdev);
	if (err)
		return err;

	err = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (err) {
		dev_err(&pdev->dev, "no usable DMA configuration\n");
		goto err_disable;
	}

	err = pci_request_mem_regions(pdev, E1000E_DRV_NAME);
	if (err)
		goto err_disable;
	pci_set_master(pdev);

	netdev = alloc_etherdev_mq(sizeof(*ad), E1000E_MAX_QUEUES);
	if (!netdev) {
		err = -ENOMEM;
		goto err_regions;
	}
	SET_NETDEV_DEV(netdev, &pdev->dev);
	pci_set_drvdata(pdev, netdev);

	ad = netdev_priv(netdev);
	ad->netdev = netdev;
	ad->pdev = pdev;
	ad->fam = fam;
	ad->msg_enable = netif_msg_init(-1, NETIF_MSG_DRV | NETIF_MSG_PROBE |
					NETIF_MSG_LINK);
	set_bit(E1000E_DOWN, &ad->state);

	ad->hw.hw_addr = pci_ioremap_bar(pdev, 0);
	if (!ad->hw.hw_addr) {
		err = -EIO;
		goto err_free;
	}
	ad->hw.dev = &pdev->dev;
	ad->hw.device_id = pdev->device;
	e1000e_hw_init_state(&ad->hw, fam);

	err = e1000e_probe_hw(ad);
	if (err)
		goto err_unmap;

	eth_hw_addr_set(netdev, ad->hw.perm_addr);
	memcpy(ad->hw.addr, ad->hw.perm_addr, ETH_ALEN);

	ad->tx_ring_count = E1000E_DEFAULT_TX_RING;
	ad->rx_ring_count = E1000E_DEFAULT_RX_RING;
	ad->rx_itr_us = E1000E_DEFAULT_ITR_US;
	ad->adaptive_itr = true;
	ad->num_queues = fam->num_queues;
	ad->req_queues = fam->num_queues;
	e1000e_rss_init(ad);

	err = e1000e_irq_init(ad);
	if (err)
		goto err_unmap;

	e1000e_netdev_setup(ad);

	err = register_netdev(netdev);
	if (err)
		goto err_irq;
	netif_carrier_off(netdev);
	e1000e_dbg_add(ad);

	netdev_info(netdev, "Intel %s (%04x:%04x) %pM, %s, %u queue pair(s)\n",
		    fam->name, pdev->vendor, pdev->device, netdev->dev_addr,
		    ad->irq_mode == E1000E_IRQ_MSIX ? "MSI-X" :
		    ad->irq_mode == E1000E_IRQ_MSI ? "MSI" : "INTx",
		    ad->num_queues);
	return 0;

err_irq:
	e1000e_irq_deinit(ad);
err_unmap:
	iounmap(ad->hw.hw_addr);
err_free:
	free_netdev(netdev);
err_regions:
	pci_release_mem_regions(pdev);
err_disable:
	pci_disable_device(pdev);
	return err;
}

/**
 * e1000e_remove - PCI remove: unregister and release everything
 * @pdev: PCI device
 */
static void e1000e_remove(struct pci_dev *pdev)
{
	struct net_device *netdev = pci_get_drvdata(pdev);
	struct e1000e_adapter *ad = netdev_priv(netdev);

	e1000e_dbg_del(ad);
	set_bit(E1000E_REMOVING, &ad->state);
	unregister_netdev(netdev);
	cancel_work_sync(&ad->reset_task);
	cancel_delayed_work_sync(&ad->service_task);

	ad->fam->mac->reset(&ad->hw);
	e1000e_irq_deinit(ad);
	iounmap(ad->hw.hw_addr);
	mutex_destroy(&ad->hw.swflag_lock);
	free_netdev(netdev);
	pci_release_mem_regions(pdev);
	pci_disable_device(pdev);
}

static void e1000e_quiesce(struct e1000e_adapter *ad)
{
	rtnl_lock();
	netif_device_detach(ad->netdev);
	if (netif_running(ad->netdev))
		e1000e_down(ad);
	rtnl_unlock();
	cancel_work_sync(&ad->reset_task);

	ad->fam->mac->reset(&ad->hw);
	ad->fam->phy->power(&ad->hw, false);
}

/**
 * e1000e_suspend - system sleep: stop traffic and power the PHY down
 * @dev: device
 *
 * Return: 0 or a negative error.
 */
static int e1000e_suspend(struct device *dev)
{
	struct net_device *netdev = dev_get_drvdata(dev);

	e1000e_quiesce(netdev_priv(netdev));
	return 0;
}

/**
 * e1000e_resume - system wake: power the PHY up and restart a running device
 * @dev: device
 *
 * Return: 0 or a negative error.
 */
static int e1000e_resume(struct device *dev)
{
	struct net_device *netdev = dev_get_drvdata(dev);
	struct e1000e_adapter *ad = netdev_priv(netdev);
	int err = 0;

	pci_set_master(to_pci_dev(dev));
	ad->fam->phy->power(&ad->hw, true);

	rtnl_lock();
	if (netif_running(netdev))
		err = e1000e_up(ad);
	netif_device_attach(netdev);
	rtnl_unlock();
	return err;
}

static DEFINE_SIMPLE_DEV_PM_OPS(e1000e_pm_ops, e1000e_suspend, e1000e_resume);

/**
 * e1000e_shutdown - PCI shutdown: quiesce the device, D3hot at power off
 * @pdev: PCI device
 */
static void e1000e_shutdown(struct pci_dev *pdev)
{
	struct net_device *netdev = pci_get_drvdata(pdev);

	e1000e_quiesce(netdev_priv(netdev));
	if (system_state == SYSTEM_POWER_OFF) {
		pci_wake_from_d3(pdev, false);
		pci_set_power_state(pdev, PCI_D3hot);
	}
}

static struct pci_driver e1000e_driver = {
	.name		= E1000E_DRV_NAME,
	.id_table	= e1000e_pci_tbl,
	.probe		= e1000e_probe,
	.remove		= e1000e_remove,
	.shutdown	= e1000e_shutdown,
	.driver.pm	= pm_sleep_ptr(&e1000e_pm_ops),
};

static int __init e1000e_init(void)
{
	int err;

	e1000e_dbg_init();
	err = pci_register_driver(&e1000e_driver);
	if (err) {
		e1000e_dbg_exit();
		return err;
	}
	e1000e_report_unclaimed();
	return 0;
}
module_init(e1000e_init);

static void __exit e1000e_exit(void)
{
	pci_unregister_driver(&e1000e_driver);
	e1000e_dbg_exit();
}
module_exit(e1000e_exit);

MODULE_DESCRIPTION("Intel(R) PRO/1000 PCI-Express network driver");
MODULE_LICENSE("GPL");
