/* start: what the firmware's startup code gives main (examples/mcu/start.c). */
#ifndef SLIDETAB_MCU_START_H
#define SLIDETAB_MCU_START_H

/* Writes a NUL-terminated string to the host (semihosting). */
void mcu_puts(const char *s);

/* Ends the emulation: qemu exits with 0 for status 0, else 1. */
void mcu_exit(int status);

#endif
