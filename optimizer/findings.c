/*
 * findings.c - runs the rule registry over an analysis run (rules.c), then
 * applies the global thresholds (min_gain_s, escalate_share), fingerprints
 * and orders the findings; reads rules files; renders findings as
 * gcc-style text, JSON and SARIF 2.1.0.  Nothing here prints.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "findings_int.h"

int vd_finding_severity_parse(const char *s, vd_diag_severity *out)
{
	for (int i = 0; i < VD_DIAG__COUNT; i++)
		if (s && !strcmp(s, vd_severity_name((vd_diag_severity)i))) {
			*out = (vd_diag_severity)i;
			return 0;
		}
	return -1;
}

int vd_rule_find(const char *id)
{
	for (int i = 0; id && i < VD_NRULES; i++)
		if (!strcmp(vd_rule_table[i].id, id))
			return i;
	return -1;
}

void vd_rules_config_init(vd_rules_config *c)
{
	for (int i = 0; i < VD_NRULES; i++) {
		c->enabled[i] = 1;
		c->severity[i] = vd_rule_table[i].severity;
	}
	for (int i = 0; i < VD_NRULE_PARAMS; i++)
		c->param[i] = vd_rule_param_table[i].def;
}

static char *trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	char *e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = 0;
	return s;
}

static int parse_line(vd_rules_config *c, char *line, const char *name, int lineno)
{
	char *hash = strchr(line, '#');
	if (hash)
		*hash = 0;
	char *s = trim(line);
	if (!*s)
		return 0;
	char *eq = strchr(s, '=');
	char *dot = eq ? memchr(s, '.', (size_t)(eq - s)) : NULL;
	if (!eq || !dot) {
		vd_error_set("%s:%d: expected RULE-ID.NAME = VALUE", name, lineno);
		return VD_ERROR;
	}
	*eq = 0;
	*dot = 0;
	char *rule = trim(s), *key = trim(dot + 1), *val = trim(eq + 1);
	int ri = -1;
	if (strcmp(rule, "all") && (ri = vd_rule_find(rule)) < 0) {
		vd_error_set("%s:%d: unknown rule '%s'", name, lineno, rule);
		return VD_ERROR;
	}
	if (ri >= 0 && !strcmp(key, "severity")) {
		if (vd_finding_severity_parse(val, &c->severity[ri]) != 0) {
			vd_error_set("%s:%d: severity '%s': expected note, warning or error", name,
				     lineno, val);
			return VD_ERROR;
		}
		return 0;
	}
	if (ri >= 0 && !strcmp(key, "enabled")) {
		if (strcmp(val, "0") && strcmp(val, "1")) {
			vd_error_set("%s:%d: enabled '%s': expected 0 or 1", name, lineno, val);
			return VD_ERROR;
		}
		c->enabled[ri] = val[0] == '1';
		return 0;
	}
	for (int i = 0; i < VD_NRULE_PARAMS; i++) {
		const vd_rule_param_info *p = &vd_rule_param_table[i];
		if (p->rule != ri || strcmp(p->name, key))
			continue;
		char *end;
		errno = 0;
		double v = strtod(val, &end);
		if (!*val || *end || errno || !isfinite(v) || v < 0) {
			vd_error_set("%s:%d: %s.%s = '%s': expected a number >= 0", name, lineno,
				     rule, key, val);
			return VD_ERROR;
		}
		c->param[i] = v;
		return 0;
	}
	vd_error_set("%s:%d: rule '%s' has no setting '%s'", name, lineno, rule, key);
	return VD_ERROR;
}

int vd_rules_config_parse(vd_rules_config *c, const char *text, const char *name)
{
	char *copy = vd_xstrdup(text);
	int rc = 0, lineno = 0;
	for (char *p = copy; p && !rc;) {
		char *nl = strchr(p, '\n');
		if (nl)
			*nl = 0;
		lineno++;
		rc = parse_line(c, p, name, lineno);
		p = nl ? nl + 1 : NULL;
	}
	free(copy);
	return rc;
}

int vd_rules_config_load(vd_rules_config *c, const char *path)
{
	char *text = NULL;
	size_t len = 0;
	if (vd_read_file(&text, &len, path) != 0) {
		vd_error_set("unable to read rules file '%s': %s", path, strerror(errno));
		return VD_ERROR;
	}
	if (memchr(text, 0, len)) {
		free(text);
		vd_error_set("%s: not a text file", path);
		return VD_ERROR;
	}
	int rc = vd_rules_config_parse(c, text, path);
	free(text);
	return rc;
}

/* ---- computing -------------------------------------------------------------------- */

char *vd_source_line(vd_arena *a, const char *root, const char *file, int line)
{
	if (!file || line < 1)
		return NULL;
	const char *path = file[0] == '/' || !root ? file : vd_arena_printf(a, "%s/%s", root, file);
	char *text = NULL;
	size_t len = 0;
	if (vd_read_file(&text, &len, path) != 0)
		return NULL;
	const char *p = text;
	for (int n = 1; n < line && p; n++) {
		p = memchr(p, '\n', len - (size_t)(p - text));
		if (p)
			p++;
	}
	char *r = NULL;
	if (p) {
		const char *e = memchr(p, '\n', len - (size_t)(p - text));
		r = vd_arena_strndup(a, p, e ? (size_t)(e - p) : len - (size_t)(p - text));
	}
	free(text);
	return r;
}

/* `text` holds "vidya: ignore" (every rule) or "vidya: ignore(ID, ...)"
 * naming `rule` */
static int ignores(const char *text, const char *rule)
{
	for (const char *p = text ? strstr(text, "vidya: ignore") : NULL; p;
	     p = strstr(p + 1, "vidya: ignore")) {
		const char *q = p + strlen("vidya: ignore");
		if (*q != '(')
			return 1;
		const char *end = strchr(q, ')');
		size_t n = strlen(rule);
		for (const char *r = q + 1; end && r < end; r++) {
			while (r < end && (*r == ' ' || *r == ','))
				r++;
			const char *e = r;
			while (e < end && *e != ',' && *e != ' ')
				e++;
			if ((size_t)(e - r) == n && !strncmp(r, rule, n))
				return 1;
			r = e;
		}
	}
	return 0;
}

/* an inline suppression on the call's line or the block's first line, or
 * on the line before either */
static int suppressed_inline(vd_arena *a, const char *root, const vd_finding *x)
{
	const char *id = vd_rule_table[x->rule].id;
	int lines[4] = { x->site_line, x->site_line - 1, x->line, x->line - 1 };
	for (int i = 0; i < 4; i++)
		if (ignores(vd_source_line(a, root, x->file, lines[i]), id))
			return 1;
	return 0;
}

static unsigned long long fnv1a(unsigned long long h, const char *s)
{
	for (; s && *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ull;
	}
	h ^= 0xff; /* separator */
	h *= 1099511628211ull;
	return h;
}

static int by_severity_gain(const void *a, const void *b)
{
	const vd_finding *x = a, *y = b;
	if (x->severity != y->severity)
		return x->severity > y->severity ? -1 : 1;
	if (x->gain_s != y->gain_s)
		return x->gain_s > y->gain_s ? -1 : 1;
	if (x->io_s != y->io_s)
		return x->io_s > y->io_s ? -1 : 1;
	int c = strcmp(x->file ? x->file : "", y->file ? y->file : "");
	return c ? c : x->site_line - y->site_line;
}

/* the measured calls of a site: the trace's sites at this file and line */
static const char *confirm(vd_arena *a, const vd_finding *x, const vd_measured_site *ts, size_t nts)
{
	double calls = 0, bytes = 0, secs = 0;
	for (size_t i = 0; i < nts; i++) {
		const vd_measured_site *t = &ts[i];
		if (!t->file || !x->file || strcmp(t->file, x->file))
			continue;
		int at_site = x->call ? t->line == x->site_line
				      : t->line >= x->line && t->line <= x->end_line;
		if (!at_site)
			continue;
		calls += t->calls;
		bytes += t->bytes;
		secs += t->seconds;
	}
	if (calls <= 0)
		return "not seen in the trace";
	return vd_arena_printf(a, "confirmed by the trace: %.0f calls, %s, %.3g s measured", calls,
			       vd_fmt_bytes(a, bytes), secs);
}

int vd_findings_from_result(const vd_result *r, const vd_rules_config *c, const vd_trace_input *t,
			    vd_findings **out)
{
	*out = NULL;
	vd_findings *f = vd_xcalloc(1, sizeof *f);
	f->arena = vd_arena_new();
	f->run_id = r->run_id;
	rule_ctx k = { .r = r, .c = c, .f = f, .trace = t };
	if (r->nblocks > 0) {
		k.prog_io = r->blocks[0].io_s;
		f->program_io_s = r->blocks[0].io_s;
		f->program_s = r->blocks[0].io_s + r->blocks[0].compute_s;
		f->program_cioc = r->blocks[0].cioc;
	}
	vd_rules_run(&k);
	vd_rules_ctx_release(&k);
	double min_gain = c->param[VD_RP_ALL_min_gain_s];
	double esc = c->param[VD_RP_ALL_escalate_share];
	size_t n = 0;
	for (size_t i = 0; i < f->n; i++) {
		vd_finding *x = &f->items[i];
		if (min_gain > 0 && x->gain_s < min_gain)
			continue;
		if (suppressed_inline(f->arena, r->project_root, x)) {
			f->suppressed++;
			continue;
		}
		/* predicted gains against the predicted program time (a measured
		 * finding's gain is measured seconds: not comparable) */
		if (x->severity == VD_DIAG_WARNING && esc > 0 && f->program_s > 0 &&
		    x->rule < VD_RULE_TRACE_SMALL_REQUESTS && x->gain_s >= esc * f->program_s)
			x->severity = VD_DIAG_ERROR;
		unsigned long long h = fnv1a(14695981039346656037ull, vd_rule_table[x->rule].id);
		h = fnv1a(h, x->block_id);
		h = fnv1a(h, x->call);
		x->fingerprint = vd_arena_printf(f->arena, "%016llx", h);
		if (t && x->rule < VD_RULE_TRACE_SMALL_REQUESTS)
			x->confirmed = confirm(f->arena, x, t->sites, t->nsites);
		f->items[n++] = *x;
	}
	f->n = n;
	if (n > 1)
		qsort(f->items, n, sizeof *f->items, by_severity_gain);
	*out = f;
	return 0;
}

int vd_findings_apply_baseline(vd_findings *f, const char *path)
{
	char *text = NULL;
	size_t len = 0;
	if (vd_read_file(&text, &len, path) != 0) {
		vd_error_set("unable to read baseline '%s': %s", path, strerror(errno));
		return VD_ERROR;
	}
	vd_map *known = vd_map_new();
	int lineno = 0, rc = 0;
	for (char *p = text; p && *p && !rc;) {
		char *nl = strchr(p, '\n');
		if (nl)
			*nl = 0;
		lineno++;
		char *hash = strchr(p, '#');
		if (hash)
			*hash = 0;
		char *fp = p + strspn(p, " \t\r");
		size_t n = strspn(fp, "0123456789abcdef");
		if (*fp && (n != 16 || (fp[n] && !strchr(" \t\r", fp[n])))) {
			vd_error_set(
				"%s:%d: expected a 16-digit fingerprint (vidya lint --write-baseline "
				"writes this file)",
				path, lineno);
			rc = VD_ERROR;
		} else if (*fp) {
			fp[n] = 0;
			vd_map_put(known, fp, known);
		}
		p = nl ? nl + 1 : NULL;
	}
	size_t k = 0;
	for (size_t i = 0; !rc && i < f->n; i++) {
		if (vd_map_has(known, f->items[i].fingerprint))
			f->suppressed++;
		else
			f->items[k++] = f->items[i];
	}
	if (!rc)
		f->n = k;
	vd_map_free(known);
	free(text);
	return rc;
}

int vd_findings_write_baseline(const vd_findings *f, vd_buf *out)
{
	vd_buf_puts(out, "# vidya lint baseline: findings known when it was written, one "
			 "fingerprint a line\n");
	for (size_t i = 0; i < f->n; i++) {
		const vd_finding *x = &f->items[i];
		vd_buf_printf(out, "%s  # %s %s:%d\n", x->fingerprint, vd_rule_table[x->rule].id,
			      x->file ? x->file : "-", x->site_line);
	}
	return 0;
}

void vd_findings_free(vd_findings *f)
{
	if (!f)
		return;
	free(f->items);
	vd_arena_free(f->arena);
	free(f);
}

size_t vd_findings_count_at(const vd_findings *f, vd_diag_severity sev)
{
	size_t n = 0;
	for (size_t i = 0; f && i < f->n; i++)
		n += f->items[i].severity >= sev;
	return n;
}

/* ---- rendering ------------------------------------------------------------------- */

int vd_findings_format_parse(const char *s, vd_findings_format *out)
{
	if (!strcmp(s, "text") || !strcmp(s, "gcc"))
		*out = VD_FINDINGS_TEXT;
	else if (!strcmp(s, "json"))
		*out = VD_FINDINGS_JSON;
	else if (!strcmp(s, "sarif"))
		*out = VD_FINDINGS_SARIF;
	else
		return -1;
	return 0;
}

/* a JSON string (vd_buf_json_str); kept for the API (vd_findings.h) */
int vd_json_str(vd_buf *b, const char *s)
{
	vd_buf_json_str(b, s);
	return 0;
}

/* `key` (the JSON text before the value, with its separators) then s as a
 * JSON string */
static void json_key_str(vd_buf *b, const char *key, const char *s)
{
	vd_buf_puts(b, key);
	vd_json_str(b, s);
}

/* `key` then a finite number (JSON has no NaN) */
static void json_key_num(vd_buf *b, const char *key, double v)
{
	vd_buf_printf(b, "%s%.6g", key, isfinite(v) ? v : 0);
}

static void render_text(vd_buf *b, const vd_findings *f)
{
	for (size_t i = 0; i < f->n; i++) {
		const vd_finding *x = &f->items[i];
		const char *file = x->file ? x->file : "vidya";
		vd_buf_printf(b, "%s:%d:1: %s: %s [%s]\n", file, x->site_line,
			      vd_severity_name(x->severity), x->evidence,
			      vd_rule_table[x->rule].id);
		vd_buf_printf(b, "%s:%d:1: note: %s; predicted gain %.3g s\n", file, x->site_line,
			      x->recommendation ? x->recommendation : "", x->gain_s);
		if (x->confirmed)
			vd_buf_printf(b, "%s:%d:1: note: %s\n", file, x->site_line, x->confirmed);
	}
}

static void render_json(vd_buf *b, const vd_findings *f)
{
	vd_buf_printf(b, "{\"run_id\": %ld", f->run_id);
	json_key_num(b, ", \"program_io_s\": ", f->program_io_s);
	vd_buf_puts(b, ", \"findings\": [");
	for (size_t i = 0; i < f->n; i++) {
		const vd_finding *x = &f->items[i];
		vd_buf_puts(b, i ? ",\n  {" : "\n  {");
		json_key_str(b, "\"rule\": ", vd_rule_table[x->rule].id);
		json_key_str(b, ", \"severity\": ", vd_severity_name(x->severity));
		json_key_str(b, ", \"block_id\": ", x->block_id);
		json_key_str(b, ", \"file\": ", x->file);
		vd_buf_printf(b, ", \"line\": %d, \"end_line\": %d, \"site_line\": %d", x->line,
			      x->end_line, x->site_line);
		json_key_str(b, ", \"call\": ", x->call);
		json_key_str(b, ", \"evidence\": ", x->evidence);
		json_key_str(b, ", \"recommendation\": ", x->recommendation);
		json_key_num(b, ", \"io_s\": ", x->io_s);
		json_key_num(b, ", \"share\": ", x->share);
		json_key_num(b, ", \"gain_s\": ", x->gain_s);
		json_key_str(b, ", \"fingerprint\": ", x->fingerprint);
		json_key_str(b, ", \"confirmed\": ", x->confirmed);
		vd_buf_putc(b, '}');
	}
	vd_buf_puts(b, f->n ? "\n]}\n" : "]}\n");
}

static const char *sarif_level(vd_diag_severity s)
{
	return s == VD_DIAG_ERROR ? "error" : s == VD_DIAG_WARNING ? "warning" : "note";
}

/* GitHub code scanning keeps at most 25,000 results per run */
#define SARIF_MAX_RESULTS 25000

/* the rules' descriptions (tool.driver.rules) */
static void sarif_rules(vd_buf *b)
{
	for (int i = 0; i < VD_NRULES; i++) {
		const vd_rule_info *ri = &vd_rule_table[i];
		vd_buf_puts(b, i ? ",\n        {" : "\n        {");
		json_key_str(b, "\"id\": ", ri->id);
		json_key_str(b, ", \"shortDescription\": {\"text\": ", ri->title);
		json_key_str(b, "}, \"fullDescription\": {\"text\": ", ri->help);
		json_key_str(b, "}, \"help\": {\"text\": ", ri->help);
		vd_buf_printf(b, "}, \"defaultConfiguration\": {\"level\": \"%s\"}}",
			      sarif_level(ri->severity));
	}
}

/* one finding as a SARIF result */
static void sarif_result(vd_buf *b, const vd_finding *x, int first)
{
	vd_buf_puts(b, first ? "\n      {" : ",\n      {");
	json_key_str(b, "\"ruleId\": ", vd_rule_table[x->rule].id);
	vd_buf_printf(b, ", \"ruleIndex\": %d, \"level\": \"%s\"", (int)x->rule,
		      sarif_level(x->severity));
	vd_buf msg = VD_BUF_INIT;
	vd_buf_printf(&msg, "%s. Recommendation: %s (predicted gain %.3g s).", x->evidence,
		      x->recommendation ? x->recommendation : "", x->gain_s);
	if (x->confirmed)
		vd_buf_printf(&msg, " %s.", x->confirmed);
	json_key_str(b, ", \"message\": {\"text\": ", vd_buf_cstr(&msg));
	vd_buf_release(&msg);
	json_key_str(b,
		     "},\n       \"locations\": [{\"physicalLocation\": "
		     "{\"artifactLocation\": {\"uri\": ",
		     x->file ? x->file : "");
	vd_buf_printf(b,
		      ", \"uriBaseId\": \"%%SRCROOT%%\"}, \"region\": "
		      "{\"startLine\": %d, \"endLine\": %d}}",
		      x->site_line > 0 ? x->site_line : 1, x->site_line > 0 ? x->site_line : 1);
	json_key_str(b, ", \"logicalLocations\": [{\"fullyQualifiedName\": ", x->block_id);
	json_key_str(b, "}]}],\n       \"partialFingerprints\": {\"vidyaBlockRule/v1\": ",
		     x->fingerprint);
	json_key_num(b, "},\n       \"properties\": {\"gain_s\": ", x->gain_s);
	json_key_num(b, ", \"io_s\": ", x->io_s);
	vd_buf_printf(b, ", \"blockStartLine\": %d, \"blockEndLine\": %d}}", x->line, x->end_line);
}

static void render_sarif(vd_buf *b, const vd_findings *f, const char *version)
{
	vd_buf_puts(b, "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
		       "  \"version\": \"2.1.0\",\n  \"runs\": [{\n"
		       "    \"tool\": {\"driver\": {\"name\": \"vidya\", \"version\": ");
	vd_json_str(b, version ? version : "unknown");
	vd_buf_puts(b, ", \"informationUri\": \"https://github.com/vidya-io/vidya\",\n"
		       "      \"rules\": [");
	sarif_rules(b);
	vd_buf_puts(b, "]}},\n    \"results\": [");
	size_t n = f->n < SARIF_MAX_RESULTS ? f->n : SARIF_MAX_RESULTS;
	for (size_t i = 0; i < n; i++)
		sarif_result(b, &f->items[i], i == 0);
	vd_buf_puts(b, n ? "\n    ]\n  }]\n}\n" : "]\n  }]\n}\n");
}

int vd_findings_render(vd_buf *out, const vd_findings *f, vd_findings_format fmt,
		       const char *tool_version)
{
	if (fmt == VD_FINDINGS_SARIF)
		render_sarif(out, f, tool_version);
	else if (fmt == VD_FINDINGS_JSON)
		render_json(out, f);
	else
		render_text(out, f);
	return 0;
}
