// SPDX-License-Identifier: GPL-2.0
/* Intel PRO/1000 PCIe: NVM access through the EERD register */

#include "e1000e_hw.h"

#define E1000E_EERD_POLLS	100000

/**
 * e1000e_nvm_eerd_read - read NVM words through EERD
 * @hw: hardware state
 * @off: first word
 * @n: number of words
 * @data: destination
 *
 * Return: 0, -EINVAL for a range outside the NVM, -ETIMEDOUT if a read
 * never completes.
 */
int e1000e_nvm_eerd_read(struct e1000e_hw *hw, u16 off, u16 n, u16 *data)
{
	u32 eerd = 0;
	u16 i;
	int j;

	if (off >= E1000E_NVM_WORDS || n > E1000E_NVM_WORDS - off || !n)
		return -EINVAL;

	for (i = 0; i < n; i++) {
		e1000e_wr32(hw, E1000E_EERD, E1000E_EERD_START |
			    FIELD_PREP(E1000E_EERD_ADDR, off + i));
		for (j = 0; j < E1000E_EERD_POLLS; j++) {
			eerd = e1000e_rd32(hw, E1000E_EERD);
			if (eerd & E1000E_EERD_DONE)
				break;
			udelay(5);
		}
		if (eerd == ~0U || !(eerd & E1000E_EERD_DONE)) {
			hw_dbg(hw, "NVM read of word %u timed out\n", off + i);
			return -ETIMEDOUT;
		}
		data[i] = FIELD_GET(E1000E_EERD_DATA, eerd);
	}
	return 0;
}

/**
 * e1000e_nvm_validate_sum - check that words 0..0x3f add up to 0xbaba
 * @hw: hardware state
 *
 * Return: 0 if valid, -EBADMSG on a bad checksum, or the read error.
 */
int e1000e_nvm_validate_sum(struct e1000e_hw *hw)
{
	u16 words[E1000E_NVM_WORDS];
	u16 sum = 0;
	int ret, i;

	ret = hw->fam->nvm->read(hw, 0, E1000E_NVM_WORDS, words);
	if (ret)
		return ret;
	for (i = 0; i <= E1000E_NVM_CHECKSUM; i++)
		sum += words[i];
	if (sum != E1000E_NVM_SUM) {
		hw_dbg(hw, "NVM checksum 0x%04x, expected 0x%04x\n", sum,
		       E1000E_NVM_SUM);
		return -EBADMSG;
	}
	return 0;
}
