/* SPDX-License-Identifier: Zlib */
/* start: the firmware's vector table, reset handler, semihosting output, clock and exit, a stack gauge,
 * memset, memcpy and memcmp (no libc). */
#include <stddef.h>
#include <stdint.h>

#include "examples/mcu/start.h"

extern uint32_t _stack_top, _stack_bottom, _data_lma, _data_start, _data_end, _bss_start, _bss_end;
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

#define PAINT 0x5ca1ab1eu

void mcu_stack_paint(void)
{
	uintptr_t sp;
	__asm__ volatile("mov %0, sp" : "=r"(sp));
	for (volatile uint32_t *p = &_stack_bottom; (uintptr_t)p + 64 < sp; p++) /* 64 bytes below sp kept */
		*p = PAINT;
}

unsigned mcu_stack_used(void)
{
	const volatile uint32_t *p = &_stack_bottom;
	while (p < &_stack_top && *p == PAINT)
		p++;
	return (unsigned)((uintptr_t)&_stack_top - (uintptr_t)p);
}

unsigned mcu_clock(void)
{
	return (unsigned)semihost(0x10, NULL); /* SYS_CLOCK */
}

void mcu_putu(unsigned long v)
{
	char d[24], *p = d + sizeof d;
	*--p = '\0';
	do
		*--p = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	mcu_puts(p);
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

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *p = a, *q = b;
	for (; n--; p++, q++)
		if (*p != *q)
			return *p - *q;
	return 0;
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
