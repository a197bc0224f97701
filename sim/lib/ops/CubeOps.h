//===- ops/CubeOps.h - Functional semantics of the cube path ----*- C++ -*-===//
//
// What the cube-core (AIC) instructions compute (hardware.md §6; the
// readings where the specs are silent are in sim/CUBE.md): the fractal
// formats, DataCopy GM -> L1 with ND -> NZ, LoadData 2D (with and without
// transpose, LoadDataWithTranspose, LoadDataWithSparse), LoadData 3D
// (img2col), InitConstValue, Mmad and Fixpipe (NZ -> ND / NZ, quantisation,
// ReLU, channel split and merge).
//
// Each instruction is a CubeInstr: its descriptor and resolved host
// pointers. planCube() lists the byte runs it reads from each source and
// writes to its destination (relative to each operand's start); the device
// layer checks and tracks those, the pipe engine calls evaluateCube() when
// the instruction starts (the result goes into a staging buffer laid out
// like the destination's hull) and commitCube() when it completes (only the
// written runs land, so instructions writing interleaved fractals do not
// clobber each other). Nd2Nz, LoadData 2D, Mmad without bias and Fixpipe
// (not atomic) are evaluated at completion straight into dst when races
// raise (CubeInstr::direct).
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_OPS_CUBEOPS_H
#define ASCSIM_OPS_CUBEOPS_H

#include "ascsim/cube_abi.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ascsim {
namespace cube {

/// A fractal of L0A/L0B/L1 is 512 bytes: 16 rows of 32 bytes (16 x K0
/// elements, K0 = 32 / element size). An L0C fractal is 16 x 16 elements of
/// 4 bytes (float32 / int32): 1024 bytes.
constexpr uint32_t kFractalBytes = 512;
constexpr uint32_t kL0cFractalBytes = 1024;
constexpr uint32_t kFractalRows = 16;

/// Elements per 32-byte fractal row of an element size (C0 / K0).
constexpr uint32_t c0Of(uint32_t elemBytes) { return 32 / elemBytes; }

/// A run of bytes [off, off + len) relative to an operand's start.
struct ByteRun {
  uint64_t off;
  uint64_t len;
};
/// Runs sorted by offset and merged where they touch.
using Runs = std::vector<ByteRun>;
/// Sorts and merges `r` in place.
void normalise(Runs &r);
/// One past the last byte of `r` (0 when empty).
uint64_t extent(const Runs &r);

enum class CubeKind : uint8_t {
  LoadData,  // LoadData 2D, LoadDataWithTranspose, LoadDataWithSparse
  Load3D,    // LoadData 3D (img2col)
  Nd2Nz,     // DataCopy GM -> L1 with Nd2NzParams
  Nz2Nd,     // DataCopy UB -> GM with Nz2NdParamsFull
  InitConst, // InitConstValue
  Mmad,      // Mmad / MmadWithSparse
  Fixpipe,   // Fixpipe L0C -> GM / L1
  BiasLoad,  // DataCopy L1 -> BiasTable, half / bfloat16 -> float
};

/// Where a LoadData 3D's destination lies: L0A (Zz) or L0B (Zn).
enum class Load3DTarget : uint8_t { L0A, L0B };

struct CubeInstr {
  CubeKind kind = CubeKind::LoadData;
  DType type = DType::F16; // element type moved (not Mmad / Fixpipe)
  /// InitConstValue into L0A/L0B writes 512-B blocks, into L1 32-B ones.
  bool l0Blocks = false;
  /// LoadDataWithSparse (src1 = the index).
  bool sparse = false;
  /// The core's sparse-index store (sim/CUBE.md: 128 bytes of 2-bit fields
  /// per 512-B L0B fractal) at the L0B operand's first fractal: written by
  /// LoadDataWithSparse when it completes, read by MmadWithSparse.
  uint8_t *sparseIdx = nullptr;
  Load3DTarget target = Load3DTarget::L0A;
  /// The source is GM (addresses are host addresses, all in one array).
  bool srcGm = false;
  LoadData2DDesc load{};
  Load3DDesc load3d{};
  Nd2NzDesc nd{};
  Nz2NdDesc nz{};
  InitConstDesc init{};
  /// BiasLoad: source elements (of `type`) widened to float32.
  uint32_t count = 0;
  MmadDesc mmad{};
  FixpipeDesc fix{};
  /// A Fixpipe to GM under SetAtomicAdd/Max/Min: the store accumulates
  /// (the type is the one SetAtomic* gave; it must be the output's).
  uint8_t atomic = 0; // an AtomicKind (ops/VectorOps.h); 0: a plain store
  DType atomicType = DType::F32;
  /// Load 3D repeat (SetLoadDataRepeat): repetitions, their stride (units
  /// per repeatMode) and the mode.
  uint32_t repeatTime = 1, repeatStride = 0, repeatMode = 0;
  /// Load 3D past SetLoadDataBoundary: L1 bytes at or past `boundary` are
  /// read at (address mod boundary), through src2 (= L1 byte 0); srcL1 is
  /// the source's L1 address. 0: no boundary.
  uint32_t boundary = 0;
  uint64_t srcL1 = 0;

  /// Operand starts: src = LoadData/Nd2Nz source, Mmad A, Fixpipe L0C;
  /// src1 = Mmad B, LoadDataWithSparse index; src2 = Mmad bias, Fixpipe
  /// workspace (quant words); dst = destination start.
  const uint8_t *src = nullptr, *src1 = nullptr, *src2 = nullptr;
  uint8_t *dst = nullptr;
  /// planCube's write runs of dst, and the staging size (their extent).
  Runs writes;
  uint64_t stagingBytes = 0;
  /// Evaluated when it completes, straight into dst (no staging; the
  /// sources are read then). Set by the device layer for Nd2Nz, the
  /// non-sparse LoadData 2D, Mmad without bias (not MmadWithSparse: the
  /// kernel adds into L0C as it stores, mmadInto) and Fixpipe without
  /// atomics when races raise: a kernel in which reading the
  /// sources at the start or at the completion could differ (or in which
  /// anything reads or writes dst in between) has a race, which is an error
  /// then; with races warned about or unchecked the staging stays, so that
  /// a missing flag shows as wrong data.
  bool direct = false;
  /// UnitFlag (sim/CUBE.md "UnitFlag"): the L0C 512-B blocks a Mmad
  /// (unit_flag 2/3) writes or a Fixpipe (2/3) reads, in their order, each
  /// with the program order (seq) of the toggle it waits for (0: none; the
  /// engine's per-block records, pipes/Engine.cpp). Empty without unit
  /// flags.
  struct UnitBlock {
    uint16_t block;
    uint64_t after;
  };
  std::vector<UnitBlock> unit;
  /// Whether it toggles its blocks' bits (unit_flag 3): it leaves a record
  /// per block when it starts.
  bool unitToggles = false;
  /// A staged Fixpipe waiting for unit flags: evaluated when it completes
  /// (it starts before the Mmad it reads has landed; evaluateCubeLate).
  bool late = false;
  Loc loc{nullptr, 0};
};

/// The bytes an instruction reads through each source and writes through
/// dst, relative to each operand's start (planCube).
struct CubeRuns {
  Runs src, src1, src2, dst;
};

/// Fills the runs of `in` (its descriptor and kind must be set; pointers
/// need not be). An empty dst list means the instruction writes nothing.
CubeRuns planCube(const CubeInstr &in);
/// Computes the result into `staging` (stagingBytes, laid out like dst;
/// bytes outside in.writes are not used); nothing for a direct instruction.
void evaluateCube(const CubeInstr &in, uint8_t *staging);
/// Copies the written runs of `staging` to in.dst (a direct instruction:
/// evaluates into in.dst).
void commitCube(const CubeInstr &in, const uint8_t *staging);
/// The staging of a `late` instruction, evaluated when it completes (before
/// commitCube).
void evaluateCubeLate(const CubeInstr &in, uint8_t *staging);

//===----------------------------------------------------------------------===//
// The instructions on plain buffers (also used by the unit tests)
//===----------------------------------------------------------------------===//

/// LoadData 2D / with transpose / with sparse: writes the fractals of
/// `d` from `src` (the source operand's start) to `dst` (the destination
/// operand's start). With `sparse` (LoadDataWithSparse) each repeat also
/// copies the fractal's 128 index bytes from `idx` to `idxDst` (the index
/// store of dst's first fractal, 128 bytes per 512-B fractal).
void loadData2D(const LoadData2DDesc &d, DType t, bool sparse,
                const uint8_t *src, const uint8_t *idx, uint8_t *dst,
                uint8_t *idxDst = nullptr);
/// Bytes of sparse index per 512-B fractal of stored weights.
constexpr uint32_t kSparseIdxBytes = 128;
/// MmadWithSparse: `b` holds ceil(k / 64) x ceil(n / 16) fractals (Zn) of
/// the stored int8 values of a 4:2 sparse k x n B, `idx` their index
/// (kSparseIdxBytes per fractal): stored value (n, j) of fractal row k1' is
/// B[64 k1' + 4 (j / 2) + field][n]. Writes the int32 product like mmad.
void mmadSparse(const MmadDesc &d, const uint8_t *a, const uint8_t *b,
                const uint8_t *idx, uint8_t *sum);
/// Expands the stored values of a sparse B (`b`, `idx`, as mmadSparse) into
/// dense int8 Zn fractals (ceil(k / 32) x ceil(n / 16), zeros elsewhere):
/// the first stored value of each pair into `dense0`, the second into
/// `dense1` (null: the same buffer; returns false if two values of a group
/// then share one position, which the caller must not add up in int8).
bool densifySparse(const MmadDesc &d, const uint8_t *b, const uint8_t *idx,
                   uint8_t *dense0, uint8_t *dense1);
/// ND -> NZ from `src` (GM, element 0 of the first matrix) into `dst`.
void nd2nz(const Nd2NzDesc &d, uint32_t elemBytes, const uint8_t *src,
           uint8_t *dst);
/// NZ -> ND from `src` (UB, element 0 of the first matrix) into `dst`.
void nz2nd(const Nz2NdDesc &d, uint32_t elemBytes, const uint8_t *src,
           uint8_t *dst);
/// InitConstValue into `dst` (blocks of 32 or 512 bytes).
void initConst(const InitConstDesc &d, uint32_t elemBytes, bool l0Blocks,
               uint8_t *dst);
/// LoadData 3D (img2col) of `src` (the feature map in L1) into `dst`.
void load3D(const CubeInstr &in, const uint8_t *src, uint8_t *dst);
/// Mmad: `a` (L0A, Zz; 1 x K contiguous when m == 1), `b` (L0B, Zn) and
/// `bias` (BiasTable, used when d.hasBias): writes the product (plus the
/// bias) into `sum`, laid out like the L0C result (Nz, ceil(m/16) *
/// ceil(n/16) fractals of 1024 B). Each element's K-sum is taken in K order
/// from zero in float32 (int32 for int8).
void mmad(const MmadDesc &d, const uint8_t *a, const uint8_t *b,
          const uint8_t *bias, uint8_t *sum);
/// Whether the Mmad adds its product to L0C (else it overwrites).
bool mmadAccumulates(const MmadDesc &d);
/// Lands an Mmad's `sum` in `l0c` (overwrite or accumulate, one rounding):
/// at completion, so back-to-back Mmads into one L0C accumulate in order.
void mmadCommit(const MmadDesc &d, const uint8_t *sum, uint8_t *l0c);
/// mmad then mmadCommit in one pass, for an Mmad without bias (not the
/// sparse form): the kernel adds its sums to `l0c` (or overwrites it) as
/// it stores them, the same bits as the two steps. A direct Mmad runs this
/// when it completes (CubeInstr::direct).
void mmadInto(const MmadDesc &d, const uint8_t *a, const uint8_t *b,
              uint8_t *l0c);

/// The widest host ISA the Mmad kernel, its unpacking and its L0C commit
/// may use: the base build (SSE2 on x86-64), AVX2 (with FMA and F16C where
/// the host has them), AVX-512F, or the best the host has (the default).
/// Every level gives the same bits; the unit tests run each.
enum class CubeIsa : uint8_t { Base = 0, Avx2 = 1, Avx512 = 2, Best = 3 };
void setCubeIsaCap(CubeIsa cap);
/// Fixpipe: `src` (L0C), `quantWords` (the workspace's uint64 per channel
/// for the vector quant modes, else null) into `dst`.
void fixpipe(const FixpipeDesc &d, const uint8_t *src,
             const uint8_t *quantWords, uint8_t *dst);

/// ascendc_api.md §6.4: a quant scale must not be inf, NaN or denormal.
/// Empty when `scale` is zero or a finite normal float, else how it prints
/// (for the message).
std::string badQuantScale(float scale);
/// The vector quant modes' check of the scales a Fixpipe reads from its
/// cbuf workspace (one word per channel, known only when it runs): an
/// `argument` error at `loc` naming how many channels are bad and the
/// first five of them with their values.
void checkQuantWords(const FixpipeDesc &d, const uint8_t *quantWords, Loc loc);

/// The K-direction fractal count of an Mmad operand: ceil(k / K0), and for
/// float32 with kDirectionAlign an even count (K aligned to 16).
uint32_t mmadK1(const MmadDesc &d);

/// QuantMode_t values (A2/A3 subset, ascendc_api.md §3.15).
enum QuantMode : uint8_t {
  kNoQuant = 0,
  kF322F16,
  kF322BF16,
  kDeqF16,
  kVDeqF16,
  kQF322B8Pre,
  kVQF322B8Pre,
  kReq8,
  kVReq8,
};
/// "F322F16", ... for messages.
const char *quantModeName(uint8_t q);
/// Whether quant mode `q` (a QuantMode_t member: callers refuse others
/// first) converts `src` to `dst`; the supported pairs of the mode in
/// `allowed` otherwise.
bool quantPairOk(uint8_t q, DType src, DType dst, std::string &allowed);
/// Whether `q` reads per-channel words from the cbuf workspace.
inline bool vectorQuant(uint8_t q) {
  return q == kVDeqF16 || q == kVQF322B8Pre || q == kVReq8;
}

} // namespace cube
} // namespace ascsim

#endif // ASCSIM_OPS_CUBEOPS_H
