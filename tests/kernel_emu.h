/* kernel_emu: every kernel's moves run on the CPU (tests/kernel_emu.c). */
#ifndef TPX_KERNEL_EMU_H
#define TPX_KERNEL_EMU_H

#include "config.h"

/* Config c on the CPU, every block: fails the running test unless B is A^T,
 * or A for a copy, each element written once from inside the tile. */
void emu_check_config(const tpx_config *c);

#endif
