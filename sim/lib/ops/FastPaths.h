//===- ops/FastPaths.h - Specialised loops for common forms -----*- C++ -*-===//
//
// Operation-templated inner loops for the dense, contiguous common cases of
// the vector instructions (ReduceSum and the elementwise binary/scalar
// families of ops/VectorEval.cpp, count forms included). Each computes
// exactly the result of the general path (same operation order, same
// rounding), with the per-element type/op dispatch hoisted out of the loop
// so that the compiler can vectorise it. A fast path returns
// false when the instruction is not of its form; the caller then runs the
// general path. Footprints are never touched here: only how the result
// bytes are computed.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_OPS_FASTPATHS_H
#define ASCSIM_OPS_FASTPATHS_H

#include <cstdint>

namespace ascsim {

struct VecInstr;

/// Whether the fast paths are used (default true). Tests switch them off to
/// compare against the general path on the same inputs. Not thread-safe to
/// flip while kernels run.
bool &fastPathsEnabled();

/// Whether the AVX2 builds (ops/FastPathsAvx2.cpp: ReduceSum's float32 tree,
/// the float32 + - * / loop) run when the host has AVX2 (default true;
/// tests switch it off to compare the SSE2 build with them). Not
/// thread-safe to flip while kernels run.
bool &avx2Enabled();

/// The AVX2 builds (ops/FastPathsAvx2.cpp), on x86-64 hosts; the host must
/// have AVX2.
#if defined(__x86_64__) && defined(__GNUC__)
#define ASCSIM_FAST_AVX2 1
namespace fastpath_detail {
/// out[i] = a[i] op b[i] for n float32 elements in plain float arithmetic
/// (op Add, Sub, Mul or Div; no NaN rule); returns whether a result is NaN.
bool arithF32Avx2(int op, uint64_t n, uint8_t *out, const uint8_t *a,
                  const uint8_t *b);
/// arithF32Avx2 storing with non-temporal stores from the first 32-byte
/// boundary of `out` on (an output written once and not read back soon:
/// the lines are not read into the cache first), then a store fence.
bool arithF32Avx2Stream(int op, uint64_t n, uint8_t *out, const uint8_t *a,
                        const uint8_t *b);
/// The plain float tree sums (no NaN rule) of `repeats` float32 repeats of
/// 64 elements, repeat r at src + r * strideBytes (ops/FastPathsAvx2.cpp;
/// the host must have AVX2).
void treeSums64Avx2(const uint8_t *src, uint64_t strideBytes, uint32_t repeats,
                    float *sums);
} // namespace fastpath_detail
#else
#define ASCSIM_FAST_AVX2 0
#endif

/// ReduceSum (float32/float16): the result into the instruction's dense
/// staging buffer (already holding a snapshot of the written hull).
bool fastReduceSum(const VecInstr &in, uint8_t *staging);
/// Add/Sub/Mul/Div/Max/Min and Adds/Muls/Maxs/Mins on float32, float16,
/// int16, int32 with contiguous operands (count forms, or full-mask repeats
/// with block stride 1 and repeat stride 8).
bool fastElementwise(const VecInstr &in, uint8_t *staging);

/// Whether fastElementwise evaluates `in` with its result going straight
/// into the destination: the written bytes are exactly the destination's
/// elements, and each source is disjoint from it or exactly it (in place).
/// Core::issueVecInstr sets Work::direct from this when races raise.
bool elementwiseDirect(const VecInstr &in);
/// The result of an elementwiseDirect instruction, computed from its sources
/// as they are now into its destination (in.out): the same bits as
/// fastElementwise then commitVector, in place included.
void evaluateElementwiseDirect(const VecInstr &in);
/// The same with sources 0 and 1 read from `src0` and `src1` instead of
/// their operands' bases (bytes equal to those: a source whose UB bytes a
/// lazily landed copy has not written yet is read from its GM source,
/// pipes/Engine.h setUb); src1 is unused by the scalar forms.
void evaluateElementwiseDirect(const VecInstr &in, const uint8_t *src0,
                               const uint8_t *src1);
/// Bytes [off, off + n) of that result (both multiples of the element
/// size) into `out`, the sources read from `src0` and `src1` (which point at
/// the sources' byte 0, as above): a deferred result copied out of the UB
/// (pipes/Engine.h Deferred).
void evaluateElementwisePart(const VecInstr &in, uint8_t *out,
                             const uint8_t *src0, const uint8_t *src1,
                             uint64_t off, uint64_t n);
/// evaluateElementwisePart for a large part going to GM: float32 + - * /
/// computed with non-temporal stores into `out` (arithF32Avx2Stream; the
/// same bits). False, nothing written, for every other form or without
/// AVX2.
bool evaluateElementwisePartStreamed(const VecInstr &in, uint8_t *out,
                                     const uint8_t *src0, const uint8_t *src1,
                                     uint64_t off, uint64_t n);

} // namespace ascsim

#endif // ASCSIM_OPS_FASTPATHS_H
