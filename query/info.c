/* SPDX-License-Identifier: Zlib */
/* info: prints a table's header and depth histogram for people (query --info). */
#include "query/info.h"

#include <inttypes.h>
#include <string.h>

#include "common/table_header.h"
#include "common/table_stream.h"
#include "libslidetab/table/read.h"

int info_print(const char *path, FILE *out, int bars, struct slidetab_error *err)
{
	struct table *t;
	int rc = table_open(&t, path, TABLE_PRELOAD, err); /* every CRC checked before anything is shown */
	if (rc != SLIDETAB_OK)
		return rc;
	const struct table_meta *m = table_get_meta(t);
	int blank = 0;
	fprintf(out, "# table      %s\n", path);
	fprintf(out, "# kind       %s\n", table_kind_name(m->kind));
	fprintf(out, "# board      %ux%u\n", m->rows, m->cols);
	fprintf(out, "# goal      ");
	for (int c = 0; c < m->cells; c++) {
		fprintf(out, " %u", m->goal[c]);
		if (m->goal[c] == 0)
			blank = c;
	}
	fprintf(out, "  (blank at cell %d)\n", blank);
	if (m->kind == TABLE_KIND_PDB) {
		fprintf(out, "# pattern   ");
		for (int tile = 1; tile < 32; tile++)
			if (m->pattern >> tile & 1)
				fprintf(out, " %d", tile);
		fputc('\n', out);
	}
	fprintf(out, "# states     %" PRIu64 "\n", m->entries);
	fprintf(out, "# radius     %" PRIu32 " (%" PRIu64 " state%s at the radius)\n", m->radius, m->hist[m->radius],
		m->hist[m->radius] == 1 ? "" : "s");
	fprintf(out, "# entries    %u bits, %s\n", m->entry_bits, table_entry_name(m->entry));
	fprintf(out, "# payload    %s, %" PRIu32 " entries per block, %" PRIu64 " bytes\n",
		tblhdr_payload_name(m->payload), m->block_entries, tblstream_payload_bytes(t));
	fprintf(out, "# file       %" PRIu64 " bytes, %.3f bits/state\n", tblstream_file_bytes(t),
		8.0 * (double)tblstream_file_bytes(t) / (double)m->entries);
	fprintf(out, "# generator  %s\n", m->generator);
	uint64_t most = 0;
	for (uint32_t d = 0; d <= m->radius; d++)
		if (m->hist[d] > most)
			most = m->hist[d];
	for (uint32_t d = 0; d <= m->radius; d++) {
		fprintf(out, "%" PRIu32 " %" PRIu64, d, m->hist[d]);
		if (bars) {
			int w = (int)(50.0 * (double)m->hist[d] / (double)most + 0.5);
			fprintf(out, "%*s", 16 - (int)snprintf(NULL, 0, "%" PRIu64, m->hist[d]), "");
			for (int i = 0; i < w; i++)
				fputc('#', out);
		}
		fputc('\n', out);
	}
	table_close(t);
	return SLIDETAB_OK;
}
