// SPDX-License-Identifier: GPL-2.0
/* Intel PRO/1000 PCIe: interrupt vectors, causes and moderation
 *
 * MSI-X: one vector per queue pair (RX and TX causes of queue n on vector
 * n) plus a last vector for link and other causes. Queue causes auto-clear
 * (EIAC) and are not auto-masked (IAM = 0): the data vectors touch no
 * register at all, and EITR bounds their rate while NAPI polls. MSI and
 * INTx use one vector and one queue pair, read ICR and mask the queue
 * causes until NAPI completes.
 */

#include <linux/interrupt.h>

#include "e1000e.h"

#define E1000E_INT_LEGACY_QUEUE	(E1000E_INT_RXT0 | E1000E_INT_TXDW | \
				 E1000E_INT_RXDMT0 | E1000E_INT_RXO)
#define E1000E_INT_LINK		(E1000E_INT_LSC | E1000E_INT_RXSEQ)

/* Interrupt intervals for the DIM profiles, in microseconds. Wider than
 * the stock RX tables: a queue vector is never masked while NAPI runs, so
 * under load the interval is what bounds the interrupt rate.
 */
static const u16 e1000e_dim_usecs[NET_DIM_PARAMS_NUM_PROFILES] = {
	16, 64, 160, 400, 1000,
};

/* interval of a vector's current DIM profile */
static u16 e1000e_dim_itr(const struct dim *dim)
{
	return e1000e_dim_usecs[min_t(u16, dim->profile_ix,
				      NET_DIM_PARAMS_NUM_PROFILES - 1)];
}

/* first interval of a vector: DIM's starting profile, or the fixed value */
static u16 e1000e_start_itr(struct e1000e_adapter *ad,
			    struct e1000e_q_vector *qv)
{
	return ad->adaptive_itr ? e1000e_dim_itr(&qv->dim) : ad->rx_itr_us;
}

static u32 e1000e_queue_causes(struct e1000e_adapter *ad)
{
	u32 bits = 0;
	u16 q;

	for (q = 0; q < ad->num_queues; q++)
		bits |= ad->qv[q].eims;
	return bits;
}

/**
 * e1000e_set_itr - program the moderation interval of a vector
 * @qv: queue vector
 * @usecs: minimum interval between interrupts, 0 for none
 */
void e1000e_set_itr(struct e1000e_q_vector *qv, u32 usecs)
{
	struct e1000e_adapter *ad = qv->ad;
	u32 val = DIV_ROUND_UP(usecs * 1000, E1000E_ITR_UNIT_NS);

	qv->itr_us = usecs;
	e1000e_wr32(&ad->hw, qv->eitr_reg, val);
}

/**
 * e1000e_msix_ring - MSI-X queue vector: schedule NAPI, no register access
 * @irq: interrupt number
 * @data: handler cookie
 *
 * Return: IRQ_HANDLED, or IRQ_NONE if the interrupt was not ours.
 */
static irqreturn_t e1000e_msix_ring(int irq, void *data)
{
	struct e1000e_q_vector *qv = data;

	napi_schedule_irqoff(&qv->napi);
	return IRQ_HANDLED;
}

static void e1000e_link_event(struct e1000e_adapter *ad)
{
	if (!test_bit(E1000E_DOWN, &ad->state)) {
		WRITE_ONCE(ad->service_due, jiffies);
		mod_delayed_work(system_wq, &ad->service_task, 0);
	}
}

/**
 * e1000e_msix_other - MSI-X other vector: link and error causes
 * @irq: interrupt number
 * @data: handler cookie
 *
 * Return: IRQ_HANDLED, or IRQ_NONE if the interrupt was not ours.
 */
static irqreturn_t e1000e_msix_other(int irq, void *data)
{
	struct e1000e_adapter *ad = data;
	struct e1000e_hw *hw = &ad->hw;
	u32 icr = e1000e_rd32(hw, E1000E_ICR);

	/* with IAME set, the read cleared the causes */
	if (icr == ~0U)
		return IRQ_NONE;
	if (icr & E1000E_INT_LINK)
		e1000e_link_event(ad);
	return IRQ_HANDLED;
}

/**
 * e1000e_intr - MSI/INTx handler: read ICR, schedule NAPI and link checks
 * @irq: interrupt number
 * @data: handler cookie
 *
 * Return: IRQ_HANDLED, or IRQ_NONE if the interrupt was not ours.
 */
static irqreturn_t e1000e_intr(int irq, void *data)
{
	struct e1000e_adapter *ad = data;
	struct e1000e_hw *hw = &ad->hw;
	u32 icr = e1000e_rd32(hw, E1000E_ICR);

	if (!icr || icr == ~0U)
		return IRQ_NONE;
	if (ad->irq_mode == E1000E_IRQ_INTX && !(icr & E1000E_INT_ASSERTED))
		return IRQ_NONE;

	if (icr & E1000E_INT_LINK)
		e1000e_link_event(ad);

	if (icr & E1000E_INT_LEGACY_QUEUE) {
		if (napi_schedule_prep(&ad->qv[0].napi)) {
			e1000e_wr32(hw, E1000E_IMC, E1000E_INT_LEGACY_QUEUE);
			__napi_schedule_irqoff(&ad->qv[0].napi);
		}
	}
	return IRQ_HANDLED;
}

/**
 * e1000e_irq_enable_vector - unmask the causes of one queue vector
 * @qv: queue vector
 */
void e1000e_irq_enable_vector(struct e1000e_q_vector *qv)
{
	struct e1000e_adapter *ad = qv->ad;

	/* MSI-X queue causes are never masked */
	if (ad->irq_mode == E1000E_IRQ_MSIX ||
	    test_bit(E1000E_DOWN, &ad->state))
		return;
	e1000e_wr32(&ad->hw, E1000E_IMS, qv->eims);
}

/**
 * e1000e_irq_configure - route causes to vectors and set moderation
 * @ad: adapter
 */
void e1000e_irq_configure(struct e1000e_adapter *ad)
{
	struct e1000e_hw *hw = &ad->hw;
	u32 ivar = 0, ext;
	u16 q;

	if (ad->irq_mode != E1000E_IRQ_MSIX) {
		ad->qv[0].eims = E1000E_INT_LEGACY_QUEUE;
		ad->qv[0].eitr_reg = E1000E_ITR;
		e1000e_set_itr(&ad->qv[0], e1000e_start_itr(ad, &ad->qv[0]));
		return;
	}

	for (q = 0; q < ad->num_queues; q++) {
		struct e1000e_q_vector *qv = &ad->qv[q];

		qv->eims = E1000E_INT_RXQ(q) | E1000E_INT_TXQ(q);
		qv->eitr_reg = E1000E_EITR(q);
		ivar |= (E1000E_IVAR_VALID | q) << E1000E_IVAR_RXQ(q);
		ivar |= (E1000E_IVAR_VALID | q) << E1000E_IVAR_TXQ(q);
		e1000e_set_itr(qv, e1000e_start_itr(ad, qv));
	}
	ivar |= (E1000E_IVAR_VALID | (ad->num_vectors - 1)) <<
		E1000E_IVAR_OTHER;
	e1000e_wr32(hw, E1000E_IVAR, ivar);
	/* link changes are rare; RX overruns also land here: throttle */
	ext = DIV_ROUND_UP(E1000E_OTHER_ITR_US * 1000, E1000E_ITR_UNIT_NS);
	e1000e_wr32(hw, E1000E_EITR(ad->num_vectors - 1), ext);

	/* no auto-mask: IAM empty, and IAME so that an ICR read clears it */
	e1000e_wr32(hw, E1000E_IAM, 0);
	ext = e1000e_rd32(hw, E1000E_CTRL_EXT) & ~E1000E_CTRL_EXT_EIAME;
	ext |= E1000E_CTRL_EXT_PBA_CLR | E1000E_CTRL_EXT_IAME;
	e1000e_wr32(hw, E1000E_CTRL_EXT, ext);
	e1000e_flush(hw);
}

/**
 * e1000e_irq_enable - unmask every cause in use
 * @ad: adapter
 */
void e1000e_irq_enable(struct e1000e_adapter *ad)
{
	struct e1000e_hw *hw = &ad->hw;
	u32 causes = e1000e_queue_causes(ad);

	if (ad->irq_mode == E1000E_IRQ_MSIX) {
		e1000e_wr32(hw, E1000E_EIAC, causes);
		e1000e_wr32(hw, E1000E_IMS, causes | E1000E_INT_OTHER |
			    E1000E_INT_LSC);
	} else {
		e1000e_wr32(hw, E1000E_IMS, causes | E1000E_INT_LINK);
	}
	e1000e_flush(hw);
}

/**
 * e1000e_irq_disable - mask all causes and wait for running handlers
 * @ad: adapter
 */
void e1000e_irq_disable(struct e1000e_adapter *ad)
{
	struct e1000e_hw *hw = &ad->hw;
	int v;

	e1000e_wr32(hw, E1000E_IMC, ~0U);
	if (ad->irq_mode == E1000E_IRQ_MSIX)
		e1000e_wr32(hw, E1000E_EIAC, 0);
	e1000e_flush(hw);
	for (v = 0; v < ad->num_vectors; v++)
		synchronize_irq(pci_irq_vector(ad->pdev, v));
}

/**
 * e1000e_irq_init - allocate MSI-X, MSI or INTx vectors
 * @ad: adapter
 *
 * Honours the no-msix/no-msi private flags. MSI and INTx limit the
 * device to one queue pair.
 *
 * Return: 0 or a negative error.
 */
int e1000e_irq_init(struct e1000e_adapter *ad)
{
	struct pci_dev *pdev = ad->pdev;
	int want = ad->fam->num_queues + 1, n;

	if ((ad->fam->flags & E1000E_FAM_MSIX) &&
	    !(ad->pflags & E1000E_PFLAG_NO_MSIX)) {
		n = pci_alloc_irq_vectors(pdev, want, want, PCI_IRQ_MSIX);
		if (n == want) {
			ad->irq_mode = E1000E_IRQ_MSIX;
			ad->num_vectors = n;
			ad->other_irq = pci_irq_vector(pdev, n - 1);
			return 0;
		}
		dev_info(&pdev->dev, "MSI-X unavailable (%d), trying MSI\n", n);
	}

	ad->num_vectors = 1;
	ad->num_queues = 1;
	ad->other_irq = -1;
	if (!(ad->pflags & E1000E_PFLAG_NO_MSI) &&
	    pci_alloc_irq_vectors(pdev, 1, 1, PCI_IRQ_MSI) == 1) {
		ad->irq_mode = E1000E_IRQ_MSI;
		return 0;
	}
	n = pci_alloc_irq_vectors(pdev, 1, 1, PCI_IRQ_INTX);
	if (n < 0)
		return n;
	ad->irq_mode = E1000E_IRQ_INTX;
	return 0;
}

/**
 * e1000e_irq_deinit - release the vectors from e1000e_irq_init()
 * @ad: adapter
 */
void e1000e_irq_deinit(struct e1000e_adapter *ad)
{
	pci_free_irq_vectors(ad->pdev);
	ad->num_vectors = 0;
	ad->irqs_spread = false;
}

/* e1000e_irq_spread - queue vector q interrupts the q-th online CPU, and
 * XPS sends from the n-th online CPU on queue n % queues. Where
 * ndo_select_queue has no recorded RX queue to follow, what a vector's
 * NAPI sends then goes out on that vector's own ring, and the two ports'
 * vectors do not pile onto one CPU. Each is done once: the CPUs once
 * per allocation of the vectors, XPS once per queue count, so an IRQ
 * affinity or XPS map the user wrote survives ifdown/up and resets.
 */
static void e1000e_irq_spread(struct e1000e_adapter *ad)
{
	unsigned int cpu, rank, ncpu = num_online_cpus();
	cpumask_var_t mask;
	u16 q;

	/* every queue vector, used or not yet, so a later ethtool -L
	 * finds its new vector spread too
	 */
	for (q = 0; q < ad->fam->num_queues && !ad->irqs_spread; q++) {
		cpu = cpumask_nth(q % ncpu, cpu_online_mask);
		if (cpu < nr_cpu_ids)
			irq_set_affinity_and_hint(pci_irq_vector(ad->pdev, q),
						  cpumask_of(cpu));
	}
	ad->irqs_spread = true;
	if (ad->xps_queues == ad->num_queues ||
	    !zalloc_cpumask_var(&mask, GFP_KERNEL))
		return;
	for (q = 0; q < ad->num_queues; q++) {
		cpumask_clear(mask);
		rank = 0;
		for_each_online_cpu(cpu)
			if (rank++ % ad->num_queues == q)
				cpumask_set_cpu(cpu, mask);
		if (netif_set_xps_queue(ad->netdev, mask, q))
			break;
	}
	if (q == ad->num_queues)
		ad->xps_queues = ad->num_queues;
	free_cpumask_var(mask);
}

/**
 * e1000e_irq_request - attach handlers to the vectors
 * @ad: adapter
 *
 * Return: 0 or a negative error (nothing left requested).
 */
int e1000e_irq_request(struct e1000e_adapter *ad)
{
	struct net_device *netdev = ad->netdev;
	struct pci_dev *pdev = ad->pdev;
	int err, q, irq;

	if (ad->irq_mode != E1000E_IRQ_MSIX) {
		irq = pci_irq_vector(pdev, 0);
		strscpy(ad->other_name, netdev->name, sizeof(ad->other_name));
		err = request_irq(irq, e1000e_intr,
				  ad->irq_mode == E1000E_IRQ_INTX ?
				  IRQF_SHARED : 0, ad->other_name, ad);
		if (err)
			return err;
		ad->qv[0].irq = irq;
		netif_napi_set_irq(&ad->qv[0].napi, irq);
		return 0;
	}

	for (q = 0; q < ad->num_queues; q++) {
		struct e1000e_q_vector *qv = &ad->qv[q];

		irq = pci_irq_vector(pdev, q);
		snprintf(qv->name, sizeof(qv->name), "%s-rxtx-%d", netdev->name,
			 q);
		err = request_irq(irq, e1000e_msix_ring, 0, qv->name, qv);
		if (err)
			goto err_free;
		qv->irq = irq;
		netif_napi_set_irq(&qv->napi, irq);
	}

	snprintf(ad->other_name, sizeof(ad->other_name), "%s-other",
		 netdev->name);
	err = request_irq(ad->other_irq, e1000e_msix_other, 0, ad->other_name,
			  ad);
	if (!err) {
		e1000e_irq_spread(ad);
		return 0;
	}

err_free:
	while (--q >= 0) {
		free_irq(ad->qv[q].irq, &ad->qv[q]);
		netif_napi_set_irq(&ad->qv[q].napi, -1);
	}
	return err;
}

/**
 * e1000e_irq_free - detach the handlers
 * @ad: adapter
 */
void e1000e_irq_free(struct e1000e_adapter *ad)
{
	int q;

	if (ad->irq_mode != E1000E_IRQ_MSIX) {
		netif_napi_set_irq(&ad->qv[0].napi, -1);
		free_irq(ad->qv[0].irq, ad);
		return;
	}
	for (q = 0; q < ad->num_queues; q++) {
		netif_napi_set_irq(&ad->qv[q].napi, -1);
		irq_update_affinity_hint(ad->qv[q].irq, NULL);
		free_irq(ad->qv[q].irq, &ad->qv[q]);
	}
	free_irq(ad->other_irq, ad);
}

/**
 * e1000e_dim_work - lib/dim work: program the moderation DIM chose
 * @work: work item
 */
static void e1000e_dim_work(struct work_struct *work)
{
	struct dim *dim = container_of(work, struct dim, work);
	struct e1000e_q_vector *qv = container_of(dim, struct e1000e_q_vector,
						  dim);

	if (qv->ad->adaptive_itr && !test_bit(E1000E_DOWN, &qv->ad->state))
		e1000e_set_itr(qv, e1000e_dim_itr(dim));
	dim->state = DIM_START_MEASURE;
}

/**
 * e1000e_dim_init - prepare adaptive moderation for a vector
 * @qv: queue vector
 */
void e1000e_dim_init(struct e1000e_q_vector *qv)
{
	INIT_WORK(&qv->dim.work, e1000e_dim_work);
	qv->dim.mode = DIM_CQ_PERIOD_MODE_START_FROM_EQE;
	qv->dim.state = DIM_START_MEASURE;
	/* start from the widest interval: an idle queue still interrupts at
	 * once, and DIM narrows it when that helps the rate
	 */
	qv->dim.profile_ix = NET_DIM_PARAMS_NUM_PROFILES - 1;
}
