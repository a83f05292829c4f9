/* params.c - name tables expanded from the X-macro lists in vd_params.h. */
#include "vd_params.h"

#define C_(c, n, u, d) #c,
#define N_(c, n, u, d) n,
#define U_(c, n, u, d) u,
#define D_(c, n, u, d) d,
const char *const vd_param_column[VD_NPARAMS] = { VD_PARAMS(C_) };
const char *const vd_param_name[VD_NPARAMS] = { VD_PARAMS(N_) };
const char *const vd_param_unit[VD_NPARAMS] = { VD_PARAMS(U_) };
const char *const vd_param_desc[VD_NPARAMS] = { VD_PARAMS(D_) };
#undef C_
#undef N_
#undef U_
#undef D_

#define C_(c, n, d) #c,
#define N_(c, n, d) n,
#define D_(c, n, d) d,
const char *const vd_feature_column[VD_NFEATURES] = { VD_FEATURES(C_) };
const char *const vd_feature_name[VD_NFEATURES] = { VD_FEATURES(N_) };
const char *const vd_feature_desc[VD_NFEATURES] = { VD_FEATURES(D_) };
