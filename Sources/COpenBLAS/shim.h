// OpenBLAS's CBLAS interface (cblas_dgemm, …) and its thread control
// (openblas_set_num_threads, openblas_get_num_threads). The include path comes from
// pkg-config's `openblas` (Debian: libopenblas-dev), whose cblas.h is OpenBLAS's own.
#ifndef HARMONIC_COPENBLAS_SHIM_H
#define HARMONIC_COPENBLAS_SHIM_H
#include <cblas.h>
#endif
