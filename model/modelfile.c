/*
 * modelfile.c - the model file: XML written and read with libxml2.
 *
 *   <vidya-model version="1" variant="both" link="logit">
 *     <provenance>trained on data/training/blocks.csv ...</provenance>
 *     <statistics n="812" candidates="30" r2="0.91" adj_r2="0.90" f="..."
 *                 f_p="..." se_reg="..." y_mean="..." y_sd="..."/>
 *     <intercept coef="-1.2" se="0.1" t="-12"/>
 *     <feature name="log_p7" coef="0.5" se="0.05" t="10"/>
 *     ...
 *   </vidya-model>
 *
 * Feature names are vd_model_feature's; the transform each implies
 * (log10(1 + P), shares, the analytic estimate) is part of the name and
 * documented in docs/model.md.  Numbers are written with %.17g so that a
 * model reads back exactly.
 */
#define _GNU_SOURCE
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vd_model.h"

static int set_num(xmlNodePtr n, const char *name, double v)
{
	char buf[40];
	snprintf(buf, sizeof buf, "%.17g", v);
	return xmlNewProp(n, BAD_CAST name, BAD_CAST buf) ? 0 : -1;
}

static int coef_node(xmlNodePtr root, const char *tag, const char *name, double c, double se,
		     double t)
{
	xmlNodePtr n = xmlNewChild(root, NULL, BAD_CAST tag, NULL);
	if (!n || (name && !xmlNewProp(n, BAD_CAST "name", BAD_CAST name)))
		return -1;
	return set_num(n, "coef", c) || set_num(n, "se", se) || set_num(n, "t", t);
}

int vd_model_save(const vd_model *m, const char *path)
{
	xmlDocPtr doc = xmlNewDoc(BAD_CAST "1.0");
	xmlNodePtr root = doc ? xmlNewNode(NULL, BAD_CAST "vidya-model") : NULL;
	int rc = !root;
	if (!rc) {
		xmlDocSetRootElement(doc, root);
		rc = !xmlNewProp(root, BAD_CAST "version", BAD_CAST "1") ||
		     !xmlNewProp(root, BAD_CAST "variant", BAD_CAST m->variant) ||
		     !xmlNewProp(root, BAD_CAST "link", BAD_CAST m->link);
	}
	if (!rc && m->provenance)
		rc = !xmlNewTextChild(root, NULL, BAD_CAST "provenance", BAD_CAST m->provenance);
	xmlNodePtr st = rc ? NULL : xmlNewChild(root, NULL, BAD_CAST "statistics", NULL);
	rc = rc || !st || set_num(st, "n", (double)m->n) ||
	     set_num(st, "candidates", m->candidates) || set_num(st, "r2", m->r2) ||
	     set_num(st, "adj_r2", m->adj_r2) || set_num(st, "f", m->f) ||
	     set_num(st, "f_p", m->f_p) || set_num(st, "se_reg", m->se_reg) ||
	     set_num(st, "y_mean", m->y_mean) || set_num(st, "y_sd", m->y_sd);
	if (!rc && m->max_shift > 0) {
		xmlNodePtr bn = xmlNewChild(root, NULL, BAD_CAST "bounds", NULL);
		rc = !bn || set_num(bn, "max_shift", m->max_shift) ||
		     set_num(bn, "max_logit_shift", m->max_logit_shift);
	}
	for (int j = 0; j < m->ndropped && !rc; j++) {
		xmlNodePtr dn = xmlNewChild(root, NULL, BAD_CAST "dropped", NULL);
		rc = !dn || !xmlNewProp(dn, BAD_CAST "name", BAD_CAST m->dropped[j]) ||
		     !xmlNewProp(dn, BAD_CAST "reason", BAD_CAST m->dropped_why[j]);
	}
	rc = rc || coef_node(root, "intercept", NULL, m->coef[0], m->se[0], m->t[0]);
	for (int j = 0; j < m->k && !rc; j++) {
		rc = coef_node(root, "feature", m->names[j], m->coef[j + 1], m->se[j + 1],
			       m->t[j + 1]);
		if (!rc && m->lo && m->hi) {
			xmlNodePtr fn = xmlGetLastChild(root);
			rc = set_num(fn, "lo", m->lo[j]) || set_num(fn, "hi", m->hi[j]);
		}
	}
	if (!rc && xmlSaveFormatFileEnc(path, doc, "UTF-8", 1) < 0) {
		vd_error_set("%s: cannot write the model", path);
		xmlFreeDoc(doc);
		return VD_ERROR;
	}
	xmlFreeDoc(doc);
	if (rc) {
		vd_error_set("out of memory writing the model %s", path);
		return VD_ERROR;
	}
	return 0;
}

static int get_num(xmlNodePtr n, const char *name, double *v)
{
	xmlChar *s = xmlGetProp(n, BAD_CAST name);
	if (!s)
		return -1;
	char *end;
	*v = strtod((const char *)s, &end);
	int bad = *end != 0 || end == (char *)s;
	xmlFree(s);
	return bad ? -1 : 0;
}

static char *get_str(xmlNodePtr n, const char *name)
{
	xmlChar *s = xmlGetProp(n, BAD_CAST name);
	char *c = vd_xstrdup((const char *)s);
	xmlFree(s);
	return c;
}

int vd_model_load(vd_model **out, const char *path)
{
	*out = NULL;
	xmlDocPtr doc =
		xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	if (!doc) {
		vd_error_set("%s: not a readable XML model file", path);
		return VD_ERROR;
	}
	vd_model *m = vd_xcalloc(1, sizeof *m);
	xmlNodePtr root = xmlDocGetRootElement(doc);
	const char *why = NULL;
	int nfeat = 0;
	if (!root || xmlStrcmp(root->name, BAD_CAST "vidya-model")) {
		why = "the root element is not <vidya-model>";
		goto fail;
	}
	m->variant = get_str(root, "variant");
	m->link = get_str(root, "link");
	if (!m->variant || !m->link || (strcmp(m->link, "identity") && strcmp(m->link, "logit"))) {
		why = "<vidya-model> needs variant and link (identity or logit)";
		goto fail;
	}
	int ndrop = 0;
	for (xmlNodePtr n = root->children; n; n = n->next) {
		if (n->type == XML_ELEMENT_NODE && !xmlStrcmp(n->name, BAD_CAST "feature"))
			nfeat++;
		if (n->type == XML_ELEMENT_NODE && !xmlStrcmp(n->name, BAD_CAST "dropped"))
			ndrop++;
	}
	m->lo = vd_xcalloc((size_t)nfeat + 1, sizeof(double));
	m->hi = vd_xcalloc((size_t)nfeat + 1, sizeof(double));
	m->dropped = vd_xcalloc((size_t)ndrop + 1, sizeof *m->dropped);
	m->dropped_why = vd_xcalloc((size_t)ndrop + 1, sizeof *m->dropped_why);
	int have_range = 1;
	m->names = vd_xcalloc((size_t)nfeat + 1, sizeof *m->names);
	m->coef = vd_xcalloc((size_t)nfeat + 1, sizeof(double));
	m->se = vd_xcalloc((size_t)nfeat + 1, sizeof(double));
	m->t = vd_xcalloc((size_t)nfeat + 1, sizeof(double));
	int have_icpt = 0;
	for (xmlNodePtr n = root->children; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (!xmlStrcmp(n->name, BAD_CAST "provenance")) {
			xmlChar *s = xmlNodeGetContent(n);
			m->provenance = vd_xstrdup((const char *)s);
			xmlFree(s);
		} else if (!xmlStrcmp(n->name, BAD_CAST "statistics")) {
			double v = 0;
			if (get_num(n, "n", &v) == 0)
				m->n = (long)v;
			if (get_num(n, "candidates", &v) == 0)
				m->candidates = (int)v;
			get_num(n, "r2", &m->r2);
			get_num(n, "adj_r2", &m->adj_r2);
			get_num(n, "f", &m->f);
			get_num(n, "f_p", &m->f_p);
			get_num(n, "se_reg", &m->se_reg);
			get_num(n, "y_mean", &m->y_mean);
			get_num(n, "y_sd", &m->y_sd);
		} else if (!xmlStrcmp(n->name, BAD_CAST "bounds")) {
			get_num(n, "max_shift", &m->max_shift);
			get_num(n, "max_logit_shift", &m->max_logit_shift);
		} else if (!xmlStrcmp(n->name, BAD_CAST "dropped")) {
			char *dn = get_str(n, "name"), *dr = get_str(n, "reason");
			if (!dn || !dr) {
				free(dn);
				free(dr);
				why = "a <dropped> without name and reason";
				goto fail;
			}
			m->dropped[m->ndropped] = dn;
			m->dropped_why[m->ndropped++] = dr;
		} else if (!xmlStrcmp(n->name, BAD_CAST "intercept")) {
			if (get_num(n, "coef", &m->coef[0])) {
				why = "<intercept> without a numeric coef";
				goto fail;
			}
			get_num(n, "se", &m->se[0]);
			get_num(n, "t", &m->t[0]);
			have_icpt = 1;
		} else if (!xmlStrcmp(n->name, BAD_CAST "feature")) {
			int j = m->k + 1;
			char *name = get_str(n, "name");
			double raw[VD_NRAW] = { 0 };
			int ok = 0;
			if (name)
				vd_model_feature(name, raw, &ok);
			if (!ok || get_num(n, "coef", &m->coef[j])) {
				free(name);
				why = "a <feature> without a known name or a numeric coef";
				goto fail;
			}
			get_num(n, "se", &m->se[j]);
			get_num(n, "t", &m->t[j]);
			if (get_num(n, "lo", &m->lo[j - 1]) || get_num(n, "hi", &m->hi[j - 1]))
				have_range = 0;
			m->names[m->k++] = name;
		}
	}
	if (!have_icpt) {
		why = "no <intercept>";
		goto fail;
	}
	if (!have_range) { /* an older model: no range check */
		free(m->lo);
		free(m->hi);
		m->lo = m->hi = NULL;
	}
	xmlFreeDoc(doc);
	*out = m;
	return 0;
fail:
	vd_error_set("%s: %s", path, why);
	vd_model_free(m);
	xmlFreeDoc(doc);
	return VD_ERROR;
}
