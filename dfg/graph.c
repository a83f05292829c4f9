/*
 * graph.c - the DFG of an event log: traces (events of each case by start,
 * START and END added), directly-follows edges with their frequency, the
 * statistics of every activity and the green/red partition.
 *
 * Two sorts of the events: by (case, start, arrival) for the traces, the
 * edges and the per-process data rates; by (activity, start) for the max
 * concurrency.  Edges live in an open-addressing table keyed by the node
 * pair.  Time O(n log n), memory O(n + nodes + edges).
 */
#define _GNU_SOURCE
#include "dfg_internal.h"

#include <stdlib.h>
#include <string.h>

static int by_case(const void *x, const void *y)
{
	const dfg_ev *a = x, *b = y;
	if (a->c != b->c)
		return a->c < b->c ? -1 : 1;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static int by_act(const void *x, const void *y)
{
	const dfg_ev *a = x, *b = y;
	if (a->a != b->a)
		return a->a < b->a ? -1 : 1;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* an in-place sort of the events (glibc's qsort would allocate a copy of
 * them for its merge sort): quicksort, median of three, insertion sort
 * below 16, recursion on the smaller side only */
static void ev_sort(dfg_ev *v, size_t n, int (*cmp)(const void *, const void *))
{
	while (n > 16) {
		size_t m = n / 2;
		dfg_ev t;
#define SWAP(i, j) (t = v[i], v[i] = v[j], v[j] = t)
		if (cmp(&v[m], &v[0]) < 0)
			SWAP(m, 0);
		if (cmp(&v[n - 1], &v[m]) < 0) {
			SWAP(n - 1, m);
			if (cmp(&v[m], &v[0]) < 0)
				SWAP(m, 0);
		}
		dfg_ev pivot = v[m];
		size_t i = 0, j = n - 1;
		for (;;) {
			while (cmp(&v[i], &pivot) < 0)
				i++;
			while (cmp(&pivot, &v[j]) < 0)
				j--;
			if (i >= j)
				break;
			SWAP(i, j);
			i++;
			j--;
		}
#undef SWAP
		/* [0, j] and [j + 1, n) */
		size_t left = j + 1;
		if (left < n - left) {
			ev_sort(v, left, cmp);
			v += left;
			n -= left;
		} else {
			ev_sort(v + left, n - left, cmp);
			n = left;
		}
	}
	for (size_t i = 1; i < n; i++) {
		dfg_ev x = v[i];
		size_t j = i;
		for (; j > 0 && cmp(&x, &v[j - 1]) < 0; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

/* get_max_concurrency over intervals already sorted by start */
static long max_conc_sorted(const double *s, const double *e, size_t n)
{
	long best = 0;
	for (size_t i = 0; i < n; i++) {
		/* first k > i with s[k] >= e[i]: the run i..k-1 overlaps the start */
		size_t lo = i + 1, hi = n;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (s[mid] < e[i])
				lo = mid + 1;
			else
				hi = mid;
		}
		if ((long)(lo - i) > best)
			best = (long)(lo - i);
	}
	return best;
}

typedef struct iv {
	double s, e;
} iv;

static int by_start(const void *x, const void *y)
{
	const iv *a = x, *b = y;
	return a->s < b->s ? -1 : a->s > b->s;
}

long vd_dfg_max_concurrency(const double *start, const double *end, size_t n)
{
	if (!n)
		return 0;
	iv *v = vd_xmalloc(n * sizeof *v);
	for (size_t i = 0; i < n; i++)
		v[i] = (iv){ start[i], end[i] };
	qsort(v, n, sizeof *v, by_start);
	double *s = vd_xmalloc(2 * n * sizeof *s), *e = s + n;
	for (size_t i = 0; i < n; i++)
		s[i] = v[i].s, e[i] = v[i].e;
	long r = max_conc_sorted(s, e, n);
	free(s);
	free(v);
	return r;
}

/* ---- edge table ---------------------------------------------------------------- */

typedef struct eslot {
	uint64_t key; /* (from+1) << 32 | (to+1); 0 = empty */
	long long count;
	int part;
} eslot;

typedef struct etab {
	eslot *v;
	size_t cap, n;
} etab;

static uint64_t mix(uint64_t k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdULL;
	k ^= k >> 33;
	return k;
}

static void etab_add(etab *t, size_t from, size_t to, int part);

static void etab_grow(etab *t)
{
	etab old = *t;
	t->cap = old.cap ? old.cap * 2 : 64;
	t->v = vd_xcalloc(t->cap, sizeof *t->v);
	t->n = 0;
	for (size_t i = 0; i < old.cap; i++)
		if (old.v[i].key) {
			size_t j = mix(old.v[i].key) & (t->cap - 1);
			while (t->v[j].key)
				j = (j + 1) & (t->cap - 1);
			t->v[j] = old.v[i];
			t->n++;
		}
	free(old.v);
}

static void etab_add(etab *t, size_t from, size_t to, int part)
{
	if ((t->n + 1) * 2 > t->cap)
		etab_grow(t);
	uint64_t key = ((uint64_t)(from + 1) << 32) | (uint64_t)(to + 1);
	size_t j = mix(key) & (t->cap - 1);
	while (t->v[j].key && t->v[j].key != key)
		j = (j + 1) & (t->cap - 1);
	if (!t->v[j].key) {
		t->v[j].key = key;
		t->n++;
	}
	t->v[j].count++;
	t->v[j].part |= part;
}

static int by_edge(const void *x, const void *y)
{
	const vd_dfg_edge *a = x, *b = y;
	if (a->from != b->from)
		return a->from < b->from ? -1 : 1;
	return a->to < b->to ? -1 : a->to > b->to;
}

/* ---- build ------------------------------------------------------------------------ */

typedef struct actname {
	const char *name;
	uint32_t a;
} actname;

static int by_name(const void *x, const void *y)
{
	return strcmp(((const actname *)x)->name, ((const actname *)y)->name);
}

vd_dfg *vd_dfg_build(vd_dfg_log *l)
{
	vd_dfg *g = vd_xcalloc(1, sizeof *g);
	size_t na = l->acts.n, n = l->events.n;
	g->nnodes = na + 2;
	g->nodes = vd_xcalloc(g->nnodes, sizeof *g->nodes);
	g->nodes[0] = (vd_dfg_node){ .name = "START", .kind = VD_DFG_NODE_START };
	g->nodes[1] = (vd_dfg_node){ .name = "END", .kind = VD_DFG_NODE_END };
	/* activities by name: node of activity a is node_of[a] */
	actname *names = vd_xmalloc((na + 1) * sizeof *names);
	for (size_t a = 0; a < na; a++)
		names[a] = (actname){ l->acts.v[a], (uint32_t)a };
	qsort(names, na, sizeof *names, by_name);
	size_t *node_of = vd_xmalloc((na + 1) * sizeof *node_of);
	for (size_t i = 0; i < na; i++) {
		node_of[names[i].a] = i + 2;
		g->nodes[i + 2].name = names[i].name;
	}
	free(names);
	for (size_t c = 0; c < l->cases.n; c++)
		if (l->cases.v[c].group)
			g->partitioned = 1;

	/* the log's own events are reordered (no copy: memory is the log's 40
	 * bytes per event); the arrival number keeps every order deterministic */
	dfg_ev *ev = l->events.v;
	if (n)
		ev_sort(ev, n, by_case);

	/* traces: edges, counts, sums, per-process data rates */
	etab t = { 0 };
	double *rate_sum = vd_xcalloc(g->nnodes, sizeof *rate_sum);
	long long *rate_n = vd_xcalloc(g->nnodes, sizeof *rate_n);
	double *dr_sum = vd_xcalloc(g->nnodes, sizeof *dr_sum);
	long long *dr_n = vd_xcalloc(g->nnodes, sizeof *dr_n);
	size_t *touched = vd_xmalloc(g->nnodes * sizeof *touched);
	double total = 0;
	for (size_t i = 0; i < n;) {
		uint32_t c = ev[i].c;
		int part = l->cases.v[c].group;
		size_t prev = 0, nt = 0;
		g->ntraces++;
		g->nodes[0].count++;
		g->nodes[0].part |= part;
		for (; i < n && ev[i].c == c; i++) {
			size_t v = node_of[ev[i].a];
			vd_dfg_node *nd = &g->nodes[v];
			etab_add(&t, prev, v, part);
			prev = v;
			nd->count++;
			nd->dur += ev[i].dur;
			nd->bytes += ev[i].size;
			nd->part |= part;
			total += ev[i].dur;
			if (ev[i].dur > 0) {
				if (!rate_n[v])
					touched[nt++] = v;
				rate_sum[v] += (double)ev[i].size / ev[i].dur;
				rate_n[v]++;
			}
		}
		etab_add(&t, prev, 1, part);
		g->nodes[1].count++;
		g->nodes[1].part |= part;
		/* this process's mean rate per activity, into the mean over processes */
		for (size_t k = 0; k < nt; k++) {
			size_t v = touched[k];
			dr_sum[v] += rate_sum[v] / (double)rate_n[v];
			dr_n[v]++;
			rate_sum[v] = 0;
			rate_n[v] = 0;
		}
	}
	g->nevents = n;
	for (size_t v = 2; v < g->nnodes; v++) {
		g->nodes[v].rd = total > 0 ? g->nodes[v].dur / total : 0;
		g->nodes[v].dr = dr_n[v] ? dr_sum[v] / (double)dr_n[v] : 0;
	}

	/* max concurrency per activity */
	if (n)
		ev_sort(ev, n, by_act);
	size_t longest = 0;
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i; j < n && ev[j].a == ev[i].a; j++)
			;
		if (j - i > longest)
			longest = j - i;
	}
	double *s = vd_xmalloc((longest + 1) * sizeof *s),
	       *e = vd_xmalloc((longest + 1) * sizeof *e);
	for (size_t i = 0; i < n;) {
		size_t j = i;
		for (; j < n && ev[j].a == ev[i].a; j++) {
			s[j - i] = ev[j].start;
			e[j - i] = ev[j].start + ev[j].dur;
		}
		g->nodes[node_of[ev[i].a]].mc = max_conc_sorted(s, e, j - i);
		i = j;
	}
	free(s);
	free(e);

	g->edges = vd_xcalloc(t.n + 1, sizeof *g->edges);
	for (size_t i = 0; i < t.cap; i++)
		if (t.v[i].key)
			g->edges[g->nedges++] =
				(vd_dfg_edge){ (size_t)(t.v[i].key >> 32) - 1,
					       (size_t)(t.v[i].key & 0xffffffffu) - 1, t.v[i].count,
					       t.v[i].part, 0 };
	qsort(g->edges, g->nedges, sizeof *g->edges, by_edge);
	free(t.v);
	free(rate_sum);
	free(rate_n);
	free(dr_sum);
	free(dr_n);
	free(touched);
	free(node_of);
	return g;
}

void vd_dfg_free(vd_dfg *g)
{
	if (!g)
		return;
	free(g->nodes);
	free(g->edges);
	free(g);
}

static int by_load_desc(const void *x, const void *y, void *ctx)
{
	const vd_dfg *g = ctx;
	const vd_dfg_node *a = &g->nodes[*(const size_t *)x], *b = &g->nodes[*(const size_t *)y];
	if (a->rd != b->rd)
		return a->rd > b->rd ? -1 : 1;
	if (a->count != b->count)
		return a->count > b->count ? -1 : 1;
	return strcmp(a->name, b->name);
}

void vd_dfg_prune(vd_dfg *g, size_t top, long long min_edge)
{
	if (top && top + 2 < g->nnodes) {
		size_t na = g->nnodes - 2;
		size_t *ix = vd_xmalloc(na * sizeof *ix);
		for (size_t i = 0; i < na; i++)
			ix[i] = i + 2;
		qsort_r(ix, na, sizeof *ix, by_load_desc, g);
		for (size_t i = top; i < na; i++)
			g->nodes[ix[i]].hidden = 1;
		free(ix);
	}
	for (size_t i = 0; i < g->nedges; i++) {
		vd_dfg_edge *e = &g->edges[i];
		e->hidden = g->nodes[e->from].hidden || g->nodes[e->to].hidden ||
			    (min_edge > 0 && e->count < min_edge);
	}
}

size_t vd_dfg_find(const vd_dfg *g, const char *name)
{
	for (size_t i = 0; i < g->nnodes; i++)
		if (!strcmp(g->nodes[i].name, name))
			return i;
	return (size_t)-1;
}

long long vd_dfg_edge_count(const vd_dfg *g, const char *from, const char *to)
{
	size_t f = vd_dfg_find(g, from), t = vd_dfg_find(g, to);
	if (f == (size_t)-1 || t == (size_t)-1)
		return -1;
	for (size_t i = 0; i < g->nedges; i++)
		if (g->edges[i].from == f && g->edges[i].to == t)
			return g->edges[i].count;
	return -1;
}
