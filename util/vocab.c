/* vocab.c - name tables and parsers expanded from the lists in vd_vocab.h. */
#include "vd_vocab.h"

#include <string.h>
#include <strings.h>

#include "vd_util.h"

#define VD_X_(e, n) n,
static const char *const kind_names[VD_KIND__COUNT] = { VD_BLOCK_KINDS(VD_X_) };
static const char *const opclass_names[VD_OP__COUNT] = { VD_IO_CLASSES(VD_X_) };
static const char *const severity_names[VD_DIAG__COUNT] = { VD_SEVERITIES(VD_X_) };
#undef VD_X_

/* the index of s in names[0..n), -1 when absent (or s NULL) */
static int lookup(const char *const *names, int n, const char *s, int fold_case)
{
	for (int i = 0; s && i < n; i++)
		if ((fold_case ? strcasecmp(s, names[i]) : strcmp(s, names[i])) == 0)
			return i;
	return -1;
}

const char *vd_kind_name(vd_kind k)
{
	return (unsigned)k < VD_KIND__COUNT ? kind_names[k] : "unknown";
}

int vd_kind_parse(const char *s, vd_kind *out)
{
	int k = lookup(kind_names, VD_KIND__COUNT, s, 1);
	if (k < 0) {
		vd_error_set("unknown block kind '%s' (expected program, file, function, "
			     "loop, branch, call or io)",
			     s ? s : "");
		return -1;
	}
	*out = (vd_kind)k;
	return 0;
}

const char *vd_opclass_name(vd_opclass op)
{
	return (unsigned)op < VD_OP__COUNT ? opclass_names[op] : "unknown";
}

int vd_opclass_parse(const char *s, vd_opclass *out)
{
	int i = lookup(opclass_names, VD_OP__COUNT, s, 0);
	if (i < 0)
		return VD_ERROR;
	*out = (vd_opclass)i;
	return 0;
}

const char *vd_severity_name(vd_diag_severity s)
{
	return (unsigned)s < VD_DIAG__COUNT ? severity_names[s] : "note";
}

vd_diag_severity vd_severity_parse(const char *s)
{
	int i = lookup(severity_names, VD_DIAG__COUNT, s, 0);
	return i < 0 ? VD_DIAG_NOTE : (vd_diag_severity)i;
}

int vd_runtime_name(const char *name)
{
	return name && !strncmp(name, "vd_rt_", 6);
}
