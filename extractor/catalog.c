/*
 * catalog.c - loads the declarative I/O catalog (data/catalog.xml and the
 * user's --catalog files) into lookup tables.
 *
 * The evaluator never special-cases an interface: everything it knows about
 * read(), fwrite() or H5Dwrite() is one <function> element here, and every
 * datatype size or flag value it needs is one <constant>.  This file turns
 * the XML into vd_catalog_entry / vd_catalog_constant records, checks them
 * strictly (a typo in a user catalog must be an error naming the file and
 * line, never a silently ignored attribute), and indexes them by name so a
 * lookup per call site is O(1).
 *
 * The attribute vocabulary is data too: the tables below map each XML
 * attribute, operation class, role and flag name to its struct field or
 * value, so the parser, the error messages and docs/catalog.md share one
 * list.  Everything a catalog owns lives in one arena freed in one call.
 */
#include "catalog.h"
#include "vd_util.h"

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

/* the only catalog format version this code reads */
#define CATALOG_VERSION "1"

/* argument indices above this are certainly typos (no I/O call has 64 args) */
#define MAX_ARG_INDEX 63

/* ---- vocabulary ------------------------------------------------------------ */

static const char *const role_names[] = {
	[VD_ROLE_NONE] = "none",
	[VD_ROLE_DATASPACE] = "dataspace",
	[VD_ROLE_SCALARSPACE] = "scalarspace",
	[VD_ROLE_HYPERSLAB] = "hyperslab",
	[VD_ROLE_TYPE_CONTIG] = "type-contig",
	[VD_ROLE_TYPE_COPY] = "type-copy",
	[VD_ROLE_OBJECT_SPACE] = "object-space",
	[VD_ROLE_OBJECT_TYPE] = "object-type",
	[VD_ROLE_DIMENSION] = "dimension",
	[VD_ROLE_PAR_ACCESS] = "par-access",
};

#define N_ROLE (sizeof(role_names) / sizeof(role_names[0]))

static const struct {
	const char *name;
	unsigned bit;
} flag_names[] = {
	{ "async", VD_CAT_ASYNC },           { "collective", VD_CAT_COLLECTIVE },
	{ "binary", VD_CAT_BINARY },         { "text", VD_CAT_TEXT },
	{ "stdout", VD_CAT_STDOUT },         { "stdin", VD_CAT_STDIN },
	{ "completion", VD_CAT_COMPLETION }, { "sync-all", VD_CAT_SYNC_ALL },
	{ "stderr", VD_CAT_STDERR },         { "unique", VD_CAT_UNIQUE },
	{ "whole", VD_CAT_WHOLE },           { "one", VD_CAT_ONE },
	{ "mapping", VD_CAT_MAPPING },
};

/* XML attribute -> int field of vd_catalog_entry holding an argument index */
static const struct {
	const char *attr;
	size_t off;
} index_attrs[] = {
	{ "handle", offsetof(vd_catalog_entry, handle_arg) },
	{ "handle-out", offsetof(vd_catalog_entry, handle_out) },
	{ "target", offsetof(vd_catalog_entry, target_arg) },
	{ "object", offsetof(vd_catalog_entry, object_arg) },
	{ "bytes", offsetof(vd_catalog_entry, bytes_arg) },
	{ "count", offsetof(vd_catalog_entry, count_arg) },
	{ "size", offsetof(vd_catalog_entry, size_arg) },
	{ "type", offsetof(vd_catalog_entry, type_arg) },
	{ "space", offsetof(vd_catalog_entry, space_arg) },
	{ "filespace", offsetof(vd_catalog_entry, filespace_arg) },
	{ "offset", offsetof(vd_catalog_entry, offset_arg) },
	{ "whence", offsetof(vd_catalog_entry, whence_arg) },
	{ "path", offsetof(vd_catalog_entry, path_arg) },
	{ "open-flags", offsetof(vd_catalog_entry, flags_arg) },
	{ "mode", offsetof(vd_catalog_entry, mode_arg) },
	{ "format", offsetof(vd_catalog_entry, format_arg) },
	{ "string", offsetof(vd_catalog_entry, string_arg) },
	{ "dims", offsetof(vd_catalog_entry, dims_arg) },
	{ "rank", offsetof(vd_catalog_entry, rank_arg) },
	{ "iov", offsetof(vd_catalog_entry, iov_arg) },
	{ "iovcnt", offsetof(vd_catalog_entry, iovcnt_arg) },
	{ "counts", offsetof(vd_catalog_entry, counts_arg) },
	{ "xtype", offsetof(vd_catalog_entry, xtype_arg) },
};

/* XML attribute -> long field of vd_catalog_entry holding a number */
static const struct {
	const char *attr;
	size_t off;
	long min;
	const char *expected;
} long_attrs[] = {
	{ "fixed-bytes", offsetof(vd_catalog_entry, fixed_bytes), -1, "a byte count (or -1)" },
	{ "extra-bytes", offsetof(vd_catalog_entry, extra_bytes), LONG_MIN, "an integer" },
	{ "elem-size", offsetof(vd_catalog_entry, elem_size), 1, "a size in bytes (1 or more)" },
};

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* ---- array-valued extents ------------------------------------------------------ */

int vd_catalog_array_sized(const vd_catalog_entry *e)
{
	return e->counts_arg >= 0 || (e->flags & (VD_CAT_WHOLE | VD_CAT_ONE)) ||
	       (e->count_arg >= 0 && e->type_arg < 0 && e->size_arg < 0 &&
		(e->elem_size > 0 || e->xtype_arg >= 0));
}

double vd_catalog_extent(const double *dim, int n, int rank)
{
	if (rank == 0) /* a scalar: one point, whatever the array */
		return 1;
	if (rank < 0 || rank > VD_CATALOG_MAX_RANK || n < rank)
		return -1;
	double pts = 1;
	for (int i = 0; i < rank; i++) {
		if (!(dim[i] >= 0)) /* unknown, or NaN */
			return -1;
		pts *= dim[i];
	}
	return pts;
}

double vd_catalog_array_bytes(const vd_catalog_entry *e, double var_points, int var_rank,
			      double var_tsize, const double *count, int ncount, double xtype_size)
{
	double es = e->elem_size > 0 ? (double)e->elem_size
		    : xtype_size > 0 ? xtype_size
				     : var_tsize;
	double pts = -1;

	if (!(es > 0))
		return -1;
	if (e->flags & VD_CAT_ONE)
		pts = 1;
	else if (e->flags & VD_CAT_WHOLE)
		pts = var_points;
	else if (e->counts_arg >= 0)
		/* the variable's rank when its definition was seen, else the
		 * length of the count array as declared (size_t count[3]) */
		pts = vd_catalog_extent(count, ncount, var_rank >= 0 ? var_rank : ncount);
	else if (e->count_arg >= 0 && ncount == 1) /* nc_put_att_double's len */
		pts = count[0];
	return pts >= 0 ? pts * es : -1;
}

long vd_catalog_nc_type_size(long xtype)
{
	/* NC_BYTE NC_CHAR NC_SHORT NC_INT NC_FLOAT NC_DOUBLE NC_UBYTE NC_USHORT
	 * NC_UINT NC_INT64 NC_UINT64 (netcdf.h, pnetcdf.h: the same codes) */
	static const long size[] = { 0, 1, 1, 2, 4, 4, 8, 1, 2, 4, 8, 8 };
	return xtype >= 1 && xtype <= 11 ? size[xtype] : -1;
}

/* ---- the catalog ----------------------------------------------------------- */

struct vd_catalog {
	vd_arena *arena; /* entries, constants and all their strings */
	VD_VEC(vd_catalog_entry *) entries;
	VD_VEC(vd_catalog_constant *) constants;
	/* name -> 1 + index into entries / constants (so that NULL = absent);
	 * indices rather than pointers let a merge replace an entry in place */
	vd_map *entry_index;
	vd_map *constant_index;
};

static size_t index_get(const vd_map *m, const char *name)
{
	return (size_t)(uintptr_t)vd_map_get(m, name);
}

static void index_put(vd_map *m, const char *name, size_t i)
{
	vd_map_put(m, name, (void *)(uintptr_t)(i + 1));
}

const vd_catalog_entry *vd_catalog_find(const vd_catalog *c, const char *name)
{
	if (!c || !name)
		return NULL;
	size_t i = index_get(c->entry_index, name);
	return i ? c->entries.v[i - 1] : NULL;
}

const vd_catalog_constant *vd_catalog_find_constant(const vd_catalog *c, const char *name)
{
	if (!c || !name)
		return NULL;
	size_t i = index_get(c->constant_index, name);
	return i ? c->constants.v[i - 1] : NULL;
}

size_t vd_catalog_count(const vd_catalog *c)
{
	return c ? c->entries.n : 0;
}

const vd_catalog_entry *vd_catalog_at(const vd_catalog *c, size_t i)
{
	return c && i < c->entries.n ? c->entries.v[i] : NULL;
}

void vd_catalog_free(vd_catalog *c)
{
	if (!c)
		return;
	vd_map_free(c->entry_index);
	vd_map_free(c->constant_index);
	vd_vec_free(c->entries);
	vd_vec_free(c->constants);
	vd_arena_free(c->arena);
	free(c);
}

/* ---- parsing one file ---------------------------------------------------------- */

/* What one file contributes, staged so that a file with an error changes
 * nothing in the catalog it was merged into.  `seen` maps names to the
 * line that defined them, to report duplicates within the file. */
typedef struct {
	const char *path;
	vd_arena *arena; /* the catalog's: staged records move in without copying */
	VD_VEC(vd_catalog_entry *) entries;
	VD_VEC(vd_catalog_constant *) constants;
	vd_map *seen_entries;
	vd_map *seen_constants;
} parse_state;

/* The element's name attribute for error messages, "" when absent. */
static const char *node_name(xmlNode *n)
{
	for (xmlAttr *a = n->properties; a; a = a->next)
		if (strcmp((const char *)a->name, "name") == 0 && a->children &&
		    a->children->content)
			return (const char *)a->children->content;
	return "";
}

static const char *attr_value(xmlAttr *a)
{
	return a->children && a->children->content ? (const char *)a->children->content : "";
}

/* Parses a decimal long, the whole string, surrounding blanks allowed. */
static int parse_long(const char *s, long *out)
{
	char *end;
	errno = 0;
	while (*s == ' ' || *s == '\t')
		s++;
	if (!*s)
		return -1;
	long v = strtol(s, &end, 10);
	while (*end == ' ' || *end == '\t')
		end++;
	if (errno || *end)
		return -1;
	*out = v;
	return 0;
}

/* Constant values may also be written in hex (0x...), as flags often are. */
static int parse_value(const char *s, long *out)
{
	const char *p = s;
	while (*p == ' ' || *p == '\t')
		p++;
	int neg = *p == '-';
	const char *q = neg ? p + 1 : p;
	if (q[0] == '0' && (q[1] == 'x' || q[1] == 'X')) {
		char *end;
		errno = 0;
		unsigned long long v = strtoull(q + 2, &end, 16);
		while (*end == ' ' || *end == '\t')
			end++;
		if (errno || *end || end == q + 2 || v > (unsigned long long)LONG_MAX)
			return -1;
		*out = neg ? -(long)v : (long)v;
		return 0;
	}
	return parse_long(s, out);
}

static int parse_flags(parse_state *st, xmlNode *n, const char *value, unsigned *out)
{
	const char *p = value;
	unsigned bits = 0;
	while (*p) {
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
			p++;
		if (!*p)
			break;
		const char *w = p;
		while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
			p++;
		size_t len = (size_t)(p - w);
		size_t i;
		for (i = 0; i < N_OF(flag_names); i++)
			if (strlen(flag_names[i].name) == len &&
			    strncmp(flag_names[i].name, w, len) == 0)
				break;
		if (i == N_OF(flag_names)) {
			vd_error_set("catalog '%s' line %ld: entry '%s' has unknown flag '%.*s' "
				     "(known: async collective binary text stdout stdin "
				     "stderr completion sync-all unique whole one)",
				     st->path, xmlGetLineNo(n), node_name(n), (int)len, w);
			return VD_EPARSE;
		}
		bits |= flag_names[i].bit;
	}
	*out = bits;
	return 0;
}

/* Rejects combinations no call can have; the evaluator relies on these. */
static int check_entry(parse_state *st, xmlNode *n, const vd_catalog_entry *e)
{
	const char *why = NULL;
	if ((e->flags & VD_CAT_BINARY) && (e->flags & VD_CAT_TEXT))
		why = "is both binary and text";
	else if (!!(e->flags & VD_CAT_STDOUT) + !!(e->flags & VD_CAT_STDIN) +
			 !!(e->flags & VD_CAT_STDERR) >
		 1)
		why = "has more than one of stdout, stdin and stderr";
	else if ((e->target_arg >= 0 || e->object_arg >= 0) && e->op != VD_OP_OPEN)
		why = "has target or object but its op is not 'open'";
	else if ((e->flags & VD_CAT_UNIQUE) && e->op != VD_OP_OPEN)
		why = "is unique but its op is not 'open'";
	else if (e->role != VD_ROLE_NONE && e->op != VD_OP_NONE)
		why = "has a role but its op is not 'none'";
	else if (!!(e->flags & VD_CAT_WHOLE) + !!(e->flags & VD_CAT_ONE) + (e->counts_arg >= 0) > 1)
		why = "has more than one of counts, whole and one";
	else if (vd_catalog_array_sized(e) && e->op != VD_OP_READ && e->op != VD_OP_WRITE)
		why = "has counts, whole or one but its op is not 'read' or 'write'";
	else if (vd_catalog_array_sized(e) && e->handle_arg < 0)
		why = "has counts, whole or one but no handle (the variable)";
	else if (e->elem_size > 0 && !vd_catalog_array_sized(e))
		why = "has elem-size but none of counts, whole, one and count";
	else if (e->xtype_arg >= 0 && e->op != VD_OP_OPEN && !vd_catalog_array_sized(e))
		why = "has xtype but is neither an 'open' nor a sized read or write";
	if (why) {
		vd_error_set("catalog '%s' line %ld: entry '%s' %s", st->path, xmlGetLineNo(n),
			     e->name, why);
		return VD_EPARSE;
	}
	return 0;
}

/* One attribute `an`="av" of <function> n into e (the op's name into *op,
 * parsed once all are read).  0, or VD_EPARSE naming the attribute. */
static int function_attr(parse_state *st, xmlNode *n, vd_catalog_entry *e, const char *an,
			 const char *av, const char **op)
{
	size_t i;
	if (strcmp(an, "name") == 0) {
		e->name = vd_arena_strdup(st->arena, av);
		return 0;
	}
	if (strcmp(an, "api") == 0) {
		e->api = vd_arena_strdup(st->arena, av);
		return 0;
	}
	if (strcmp(an, "op") == 0) {
		*op = av;
		return 0;
	}
	if (strcmp(an, "flags") == 0)
		return parse_flags(st, n, av, &e->flags);
	if (strcmp(an, "role") == 0) {
		for (i = 0; i < N_ROLE; i++)
			if (strcmp(av, role_names[i]) == 0)
				break;
		if (i == N_ROLE) {
			vd_error_set("catalog '%s' line %ld: entry '%s' has unknown role '%s' "
				     "(known: dataspace scalarspace hyperslab "
				     "type-contig type-copy object-space object-type "
				     "dimension par-access)",
				     st->path, xmlGetLineNo(n), node_name(n), av);
			return VD_EPARSE;
		}
		e->role = (vd_role)i;
		return 0;
	}
	long v;
	for (i = 0; i < N_OF(long_attrs); i++)
		if (strcmp(an, long_attrs[i].attr) == 0)
			break;
	if (i < N_OF(long_attrs)) {
		if (parse_long(av, &v) || v < long_attrs[i].min) {
			vd_error_set("catalog '%s' line %ld: entry '%s' has %s='%s', "
				     "expected %s",
				     st->path, xmlGetLineNo(n), node_name(n), an, av,
				     long_attrs[i].expected);
			return VD_EPARSE;
		}
		*(long *)((char *)e + long_attrs[i].off) = v;
		return 0;
	}
	for (i = 0; i < N_OF(index_attrs); i++)
		if (strcmp(an, index_attrs[i].attr) == 0)
			break;
	if (i == N_OF(index_attrs)) {
		vd_error_set("catalog '%s' line %ld: entry '%s' has unknown attribute '%s'",
			     st->path, xmlGetLineNo(n), node_name(n), an);
		return VD_EPARSE;
	}
	if (parse_long(av, &v) || v < -1 || v > MAX_ARG_INDEX) {
		vd_error_set("catalog '%s' line %ld: entry '%s' has %s='%s', expected an "
			     "argument index (0-based, -1 for none)",
			     st->path, xmlGetLineNo(n), node_name(n), an, av);
		return VD_EPARSE;
	}
	*(int *)((char *)e + index_attrs[i].off) = (int)v;
	return 0;
}

/* The attributes every entry must have: name, api, and a known op (parsed
 * into e->op).  0, or VD_EPARSE naming the missing one. */
static int function_required(parse_state *st, xmlNode *n, vd_catalog_entry *e, const char *op)
{
	if (!e->name || !e->name[0]) {
		vd_error_set("catalog '%s' line %ld: <function> has no name", st->path,
			     xmlGetLineNo(n));
		return VD_EPARSE;
	}
	if (!e->api || !e->api[0]) {
		vd_error_set("catalog '%s' line %ld: entry '%s' has no api", st->path,
			     xmlGetLineNo(n), e->name);
		return VD_EPARSE;
	}
	if (!op) {
		vd_error_set("catalog '%s' line %ld: entry '%s' has no op", st->path,
			     xmlGetLineNo(n), e->name);
		return VD_EPARSE;
	}
	/* wait is the trace log's: a catalog entry says what a call does */
	if (vd_opclass_parse(op, &e->op) || e->op == VD_OP_WAIT) {
		vd_error_set("catalog '%s' line %ld: entry '%s' has unknown op '%s' "
			     "(known: none open close read write seek flush sync meta)",
			     st->path, xmlGetLineNo(n), e->name, op);
		return VD_EPARSE;
	}
	return 0;
}

static int parse_function(parse_state *st, xmlNode *n)
{
	vd_catalog_entry *e = vd_arena_alloc(st->arena, sizeof(*e));
	const char *op = NULL;
	int rc;

	e->op = VD_OP_NONE;
	e->role = VD_ROLE_NONE;
	for (size_t i = 0; i < N_OF(index_attrs); i++)
		*(int *)((char *)e + index_attrs[i].off) = -1;
	e->fixed_bytes = -1;
	e->extra_bytes = 0;
	e->elem_size = -1;

	for (xmlAttr *a = n->properties; a; a = a->next)
		if ((rc = function_attr(st, n, e, (const char *)a->name, attr_value(a), &op)))
			return rc;
	if ((rc = function_required(st, n, e, op)) || (rc = check_entry(st, n, e)))
		return rc;

	if (vd_map_has(st->seen_entries, e->name)) {
		long first = (long)(intptr_t)vd_map_get(st->seen_entries, e->name);
		vd_error_set(
			"catalog '%s' line %ld: entry '%s' is defined twice (first at line %ld)",
			st->path, xmlGetLineNo(n), e->name, first);
		return VD_EPARSE;
	}
	vd_map_put(st->seen_entries, e->name, (void *)(intptr_t)xmlGetLineNo(n));
	vd_vec_push(st->entries, e);
	return 0;
}

static int parse_constant(parse_state *st, xmlNode *n)
{
	vd_catalog_constant *k = vd_arena_alloc(st->arena, sizeof(*k));
	int has_size = 0, rc = 0;

	k->size = -1;
	for (xmlAttr *a = n->properties; a; a = a->next) {
		const char *an = (const char *)a->name;
		const char *av = attr_value(a);
		long v;

		if (strcmp(an, "name") == 0) {
			k->name = vd_arena_strdup(st->arena, av);
		} else if (strcmp(an, "size") == 0) {
			if (parse_long(av, &v) || v < 0) {
				vd_error_set("catalog '%s' line %ld: constant '%s' has size='%s', "
					     "expected a byte count",
					     st->path, xmlGetLineNo(n), node_name(n), av);
				rc = VD_EPARSE;
				goto cleanup;
			}
			k->size = v;
			has_size = 1;
		} else if (strcmp(an, "value") == 0) {
			if (parse_value(av, &v)) {
				vd_error_set("catalog '%s' line %ld: constant '%s' has value='%s', "
					     "expected an integer (decimal or 0x hex)",
					     st->path, xmlGetLineNo(n), node_name(n), av);
				rc = VD_EPARSE;
				goto cleanup;
			}
			k->value = v;
			k->has_value = 1;
		} else {
			vd_error_set(
				"catalog '%s' line %ld: constant '%s' has unknown attribute '%s'",
				st->path, xmlGetLineNo(n), node_name(n), an);
			rc = VD_EPARSE;
			goto cleanup;
		}
	}

	if (!k->name || !k->name[0]) {
		vd_error_set("catalog '%s' line %ld: <constant> has no name", st->path,
			     xmlGetLineNo(n));
		rc = VD_EPARSE;
		goto cleanup;
	}
	if (!has_size && !k->has_value) {
		vd_error_set("catalog '%s' line %ld: constant '%s' has neither size nor value",
			     st->path, xmlGetLineNo(n), k->name);
		rc = VD_EPARSE;
		goto cleanup;
	}
	if (vd_map_has(st->seen_constants, k->name)) {
		long first = (long)(intptr_t)vd_map_get(st->seen_constants, k->name);
		vd_error_set(
			"catalog '%s' line %ld: constant '%s' is defined twice (first at line %ld)",
			st->path, xmlGetLineNo(n), k->name, first);
		rc = VD_EPARSE;
		goto cleanup;
	}
	vd_map_put(st->seen_constants, k->name, (void *)(intptr_t)xmlGetLineNo(n));
	vd_vec_push(st->constants, k);

cleanup:
	return rc;
}

static int parse_root(parse_state *st, xmlNode *root)
{
	if (!root || strcmp((const char *)root->name, "catalog") != 0) {
		vd_error_set("catalog '%s' line %ld: root element is <%s>, expected <catalog>",
			     st->path, root ? xmlGetLineNo(root) : 0L,
			     root ? (const char *)root->name : "");
		return VD_EPARSE;
	}
	for (xmlAttr *a = root->properties; a; a = a->next) {
		if (strcmp((const char *)a->name, "version") != 0) {
			vd_error_set("catalog '%s' line %ld: <catalog> has unknown attribute '%s'",
				     st->path, xmlGetLineNo(root), (const char *)a->name);
			return VD_EPARSE;
		}
		if (strcmp(attr_value(a), CATALOG_VERSION) != 0) {
			vd_error_set("catalog '%s' line %ld: unsupported catalog version '%s' "
				     "(this vidya reads version " CATALOG_VERSION ")",
				     st->path, xmlGetLineNo(root), attr_value(a));
			return VD_EPARSE;
		}
	}

	for (xmlNode *n = root->children; n; n = n->next) {
		int rc;
		if (n->type != XML_ELEMENT_NODE)
			continue; /* comments, blanks */
		if (strcmp((const char *)n->name, "function") == 0)
			rc = parse_function(st, n);
		else if (strcmp((const char *)n->name, "constant") == 0)
			rc = parse_constant(st, n);
		else {
			vd_error_set("catalog '%s' line %ld: unknown element <%s> "
				     "(expected <function> or <constant>)",
				     st->path, xmlGetLineNo(n), (const char *)n->name);
			rc = VD_EPARSE;
		}
		if (rc)
			return rc;
	}
	return 0;
}

/* libxml2 keeps going after the first well-formedness error and its "last
 * error" is then a consequence ("Premature end of data") rather than the
 * cause, so the first one is kept here.  The parser context's _private
 * field carries it: userData must stay the context for the tree builder. */
typedef struct {
	int set;
	int line;
	char msg[256];
} first_error;

static void keep_first_error(void *ctx, xmlErrorPtr err)
{
	xmlParserCtxt *ctxt = ctx;
	first_error *fe = ctxt ? ctxt->_private : NULL;
	if (!fe || fe->set || !err || err->level < XML_ERR_ERROR)
		return;
	fe->set = 1;
	fe->line = err->line;
	snprintf(fe->msg, sizeof(fe->msg), "%s", err->message ? err->message : "unknown error");
	size_t n = strlen(fe->msg);
	while (n && (fe->msg[n - 1] == '\n' || fe->msg[n - 1] == ' '))
		fe->msg[--n] = '\0';
}

/* Reads and parses `path` into a document.  libxml2 is told not to touch
 * the network and not to print: its message is folded into ours. */
static int read_document(xmlDoc **out, const char *path)
{
	xmlParserCtxt *ctxt = NULL;
	first_error fe = { 0 };
	char *text = NULL;
	size_t len = 0;
	int rc;

	/* vd_read_file's message names the file and the reason */
	if ((rc = vd_read_file(&text, &len, path)))
		goto cleanup;
	if (len > INT_MAX) {
		vd_error_set("catalog '%s': file too large", path);
		rc = VD_ERROR;
		goto cleanup;
	}
	xmlInitParser(); /* idempotent; makes later use from threads safe */
	if (!(ctxt = xmlNewParserCtxt())) {
		vd_error_set("catalog '%s': libxml2 could not make a parser (out of memory)", path);
		rc = VD_ERROR;
		goto cleanup;
	}
	ctxt->_private = &fe;
	ctxt->sax->serror = keep_first_error;
	*out = xmlCtxtReadMemory(ctxt, text, (int)len, path, NULL,
				 XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
					 XML_PARSE_BIG_LINES);
	if (!*out) {
		if (!fe.set) {
			const xmlError *err = xmlCtxtGetLastError(ctxt);
			keep_first_error(ctxt, (xmlErrorPtr)err);
		}
		vd_error_set("catalog '%s' line %d: malformed XML: %s", path, fe.line,
			     fe.set ? fe.msg : "unknown error");
		rc = VD_EPARSE;
		goto cleanup;
	}

cleanup:
	if (ctxt)
		xmlFreeParserCtxt(ctxt);
	free(text);
	return rc;
}

/* Moves the staged records into the catalog: new names are appended, known
 * names are replaced where they stand (so vd_catalog_at's order stays the
 * order of first definition). */
static void commit(vd_catalog *c, parse_state *st)
{
	vd_vec_reserve(c->entries, c->entries.n + st->entries.n);
	vd_vec_reserve(c->constants, c->constants.n + st->constants.n);
	for (size_t i = 0; i < st->entries.n; i++) {
		vd_catalog_entry *e = st->entries.v[i];
		size_t at = index_get(c->entry_index, e->name);
		if (at) {
			c->entries.v[at - 1] = e;
			continue;
		}
		index_put(c->entry_index, e->name, c->entries.n);
		c->entries.v[c->entries.n++] = e;
	}
	for (size_t i = 0; i < st->constants.n; i++) {
		vd_catalog_constant *k = st->constants.v[i];
		size_t at = index_get(c->constant_index, k->name);
		if (at) {
			c->constants.v[at - 1] = k;
			continue;
		}
		index_put(c->constant_index, k->name, c->constants.n);
		c->constants.v[c->constants.n++] = k;
	}
}

int vd_catalog_merge_file(vd_catalog *c, const char *path)
{
	parse_state st = { 0 };
	xmlDoc *doc = NULL;
	int rc;

	if (!c || !path) {
		vd_error_set("vd_catalog_merge_file: no catalog or path");
		return VD_ERROR;
	}
	st.path = path;
	st.arena = c->arena;
	st.seen_entries = vd_map_new();
	st.seen_constants = vd_map_new();
	if ((rc = read_document(&doc, path)))
		goto cleanup;
	if ((rc = parse_root(&st, xmlDocGetRootElement(doc))))
		goto cleanup;
	commit(c, &st);

cleanup:
	/* records of a rejected file stay in the arena until the catalog is
	 * freed: harmless, and it keeps the arena a plain bump allocator */
	if (doc)
		xmlFreeDoc(doc);
	vd_map_free(st.seen_entries);
	vd_map_free(st.seen_constants);
	vd_vec_free(st.entries);
	vd_vec_free(st.constants);
	return rc;
}

int vd_catalog_load(vd_catalog **out, const char *path)
{
	vd_catalog *c = NULL;
	int rc;

	*out = NULL;
	c = vd_xcalloc(1, sizeof(*c));
	c->arena = vd_arena_new();
	c->entry_index = vd_map_new();
	c->constant_index = vd_map_new();
	if ((rc = vd_catalog_merge_file(c, path)))
		goto cleanup;
	*out = c;
	c = NULL;

cleanup:
	vd_catalog_free(c);
	return rc;
}
