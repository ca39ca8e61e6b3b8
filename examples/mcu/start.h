/* SPDX-License-Identifier: Zlib */
/* start: what the firmware's startup code gives main (examples/mcu/start.c). */
#ifndef SLIDETAB_MCU_START_H
#define SLIDETAB_MCU_START_H

/* Writes a NUL-terminated string to the host (semihosting). */
void mcu_puts(const char *s);

/* Ends the emulation: qemu exits with 0 for status 0, else 1. */
void mcu_exit(int status);

/* Fills the free stack below the caller's frame with a pattern; mcu_stack_used then tells the most
 * of the stack that any call since has taken (bytes from the top, the caller's frame included). */
void mcu_stack_paint(void);
unsigned mcu_stack_used(void);

/* The host's processor time in centiseconds (semihosting SYS_CLOCK). */
unsigned mcu_clock(void);

/* Writes an unsigned number in decimal. */
void mcu_putu(unsigned long v);

#endif
