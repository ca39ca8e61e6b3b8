/* start: the firmware's vector table, reset handler, semihosting output and exit, memset and memcpy (no libc). */
#include <stddef.h>
#include <stdint.h>

#include "examples/mcu/start.h"

extern uint32_t _stack_top, _data_lma, _data_start, _data_end, _bss_start, _bss_end;
int main(void);

/* One semihosting call (ARM's "bkpt 0xab"): op in r0, its argument in r1. */
static int semihost(int op, const void *arg)
{
	register int r0 __asm__("r0") = op;
	register const void *r1 __asm__("r1") = arg;
	__asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
	return r0;
}

void mcu_puts(const char *s)
{
	semihost(0x04, s); /* SYS_WRITE0: a NUL-terminated string to the host's stdout */
}

void mcu_exit(int status)
{
	/* SYS_EXIT: ADP_Stopped_ApplicationExit ends qemu with status 0, RunTimeErrorUnknown with 1 */
	semihost(0x18, (const void *)(uintptr_t)(status ? 0x20023 : 0x20026));
	for (;;)
		;
}

void *memset(void *s, int c, size_t n)
{
	volatile unsigned char *p = s;
	while (n--)
		*p++ = (unsigned char)c;
	return s;
}

void *memcpy(void *d, const void *s, size_t n)
{
	volatile unsigned char *p = d;
	const unsigned char *q = s;
	while (n--)
		*p++ = *q++;
	return d;
}

void mcu_reset(void)
{
	uint32_t *src = &_data_lma, *dst = &_data_start;
	while (dst < &_data_end)
		*dst++ = *src++;
	for (dst = &_bss_start; dst < &_bss_end; dst++)
		*dst = 0;
	mcu_exit(main());
}

static void fault(void)
{
	mcu_puts("mcu: fault\n");
	mcu_exit(1);
}

/* Initial stack pointer, reset, NMI, hard fault, memory, bus and usage faults. */
__attribute__((section(".vectors"), used)) static void (*const vectors[7])(void) = {
	(void (*)(void))(uintptr_t)&_stack_top, mcu_reset, fault, fault, fault, fault, fault
};
