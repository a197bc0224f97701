//===- ascsim/matmul_impl.h - The Matmul class ------------------*- C++ -*-===//
//
// Part of ascsim/matmul_api.h (include that): the Matmul class template,
// its cube-instruction engine, the MIX client/server protocol and
// REGIST_MATMUL_OBJ. sim/MATMUL.md describes the algorithm.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_MATMUL_IMPL_H
#define ASCSIM_MATMUL_IMPL_H

namespace AscendC {
namespace mm_detail {

using ::ascsim::Loc;

[[noreturn]] inline void fault(const char *category, const char *msg, Loc loc) {
  ::ascsim::abi::apiFault(category, msg, loc);
  __builtin_unreachable();
}

using ::ascsim::faultf;
using ::ascsim::Text;
using ::ascsim::textf;

/// The requests of the client/server protocol (one message each).
enum class Op : uint32_t {
  Init = 1,
  SetA,
  SetB,
  SetBias,
  DisableBias,
  SetOrgShape,
  SetSingleShape,
  SetTail,
  SetBatchNum,
  SetQuantScalar,
  SetQuantVector,
  SetHF32,
  SetWorkspace,
  Iterate,
  GetC,   // C block -> GM (a[0] addr, a[1] elems, a[2] seq, a[3] atomic)
  GetCWs, // C block -> the client's workspace slot (for UB / the
          // GlobalTensor-returning form)
  IterateAll,
  IterateBatch,
  End,
  IterateBatchWs, // a batch into the client's workspace batch area (C in UB)
  IterateNBatch,  // batchLoop batches into the batch area (GetBatchTensorC)
  SetSparseIndex, // the index of a 4:2 sparse B (a[0] addr, a[1] bytes)
};

struct Msg {
  uint32_t op;
  uint32_t obj;
  const char *file;
  uint32_t line;
  uint32_t wantReply;
  uint64_t a[10];
  TCubeTiling tiling;
};

struct Reply {
  int32_t ok;
  int32_t v[8];
};

class ServerBase;

/// What the Matmul objects of one REGIST_MATMUL_OBJ share on their AIC.
/// L0A and L0B hold an operand only between its MTE1 load and the Mmad that
/// reads it, and the bias's L1 and BiasTable buffers only within a block's
/// computation, so the objects take turns in one region of each with one
/// set of event ids: an object that finds another one's work last in them
/// first consumes that object's flags (yieldShared), so program order and
/// the flags order every write after the earlier reads. L0C holds a result
/// until GetTensorC and L1 the tiles a later block reuses: each object keeps
/// its own, counted here so that objects that do not fit together are
/// refused at registration.
struct L0Share {
  bool ready = false, idsA = false, biasReady = false;
  TBuf<TPosition::A2> a;
  TBuf<TPosition::B2> b;
  TBuf<TPosition::C1> bias1; // the bias row in L1
  TBuf<TPosition::C2> bias2; // the BiasTable
  TEventID aDone[2] = {}, aFree[2] = {}, bDone[2] = {}, bFree[2] = {};
  TEventID bias1Done[1] = {}, bias1Free[1] = {}, bias2Done[1] = {},
           bias2Free[1] = {};
  ServerBase *owner = nullptr; // the object whose work used them last
  uint64_t l1 = 0, l0c = 0;    // bytes the objects took so far
};

/// The registered Matmul objects of this core (REGIST_MATMUL_OBJ), for the
/// server loop.
class ServerBase {
public:
  virtual ~ServerBase() = default;
  /// Runs one request of AIV `sub`; fills `r` when the request answers.
  virtual void serve(uint32_t sub, const Msg &m, Reply &r) = 0;
  /// `count`: the Matmul objects registered together (they share the
  /// TPipe's event ids and, with more than one, `share`).
  virtual void attach(TPipe *pipe, GM_ADDR workspace, uint32_t index,
                      uint32_t count, L0Share *share) = 0;
  /// Storage for the L0Share of a REGIST_MATMUL_OBJ (its first object's).
  virtual L0Share *shareStorage() = 0;
  /// Another object is about to use the L0Share's buffers: this one
  /// consumes its pending flags on them.
  virtual void yieldShared(Loc loc) = 0;
  virtual void clientInit(const TCubeTiling *tiling, Loc loc) = 0;
  virtual void setClient(bool client) = 0;
  /// Whether request `m` of AIV `sub` must wait until the other AIV has
  /// fetched its pending block (both share the AIC's one L0C buffer).
  virtual bool mustWait(uint32_t sub, const Msg &m) const = 0;
  /// Whether a client that used the object must call End (MatmulConfig
  /// enableEnd); without it, the client's finish ends its use.
  virtual bool needsEnd() const = 0;
};

/// A view of the bytes of a tensor the user handed over by address (their
/// L1 operand or bias): not a static tensor of the kernel, so not checked
/// or recorded as one (its queue's buffers are the user's own).
template <typename T>
LocalTensor<T> viewOf(TPosition pos, uint32_t addr, uint32_t elems) {
  LocalTensor<T> t;
  t.address_.logicPos = static_cast<uint8_t>(pos);
  t.address_.bufferAddr = addr;
  t.address_.dataLen = elems * static_cast<uint32_t>(sizeof(T));
  return t;
}

} // namespace mm_detail

//===----------------------------------------------------------------------===//
// Matmul
//===----------------------------------------------------------------------===//

template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE,
          const auto &MM_CFG = CFG_NORM, class MM_CB = void,
          class MATMUL_POLICY = void>
class Matmul : public mm_detail::ServerBase {
  using SrcAT = typename A_TYPE::T;
  using SrcBT = typename B_TYPE::T;
  using DstT = typename C_TYPE::T;
  using BiasT = typename BIAS_TYPE::T;
  using L0cT =
      std::conditional_t<std::is_same_v<SrcAT, int8_t>, int32_t, float>;
  /// A half / bfloat16 bias of a float L0C: its L1 -> BiasTable copy widens
  /// it to float32, as on the NPU.
  static constexpr bool kBiasWidened =
      std::is_same_v<L0cT, float> &&
      (std::is_same_v<BiasT, half> || std::is_same_v<BiasT, bfloat16_t>);
  static constexpr bool kBiasOk = std::is_same_v<BiasT, L0cT> || kBiasWidened;
  /// The bias's type in GM and L1 (the L0C type for a refused bias type).
  using BiasL1T = std::conditional_t<kBiasOk, BiasT, L0cT>;
  using Loc = ::ascsim::Loc;
  static constexpr const MatmulConfig &kCfg = mm_detail::cfgOf(MM_CFG);
  static constexpr uint32_t kFracA = 512 / sizeof(SrcAT); // elems/fractal
  static constexpr uint32_t kFracB = 512 / sizeof(SrcBT);
  static constexpr uint32_t kC0A = mm_detail::c0<SrcAT>();
  static constexpr uint32_t kC0B = mm_detail::c0<SrcBT>();
  /// K alignment of the L1/L0 tiles: 16 rows (f16, f32: two 8-wide
  /// fractals per transposed 16x16 block), 32 for int8.
  static constexpr uint32_t kKAlign = sizeof(SrcAT) == 1 ? 32 : 16;
  /// N alignment of L0B: 32 for int8 with B not transposed (32x32 blocks).
  static constexpr uint32_t kNAlign =
      (sizeof(SrcBT) == 1 && !B_TYPE::isTrans) ? 32 : 16;
  /// M alignment of the A tiles: 32 for a transposed int8 A (32 x 32
  /// transpose blocks write fractal rows in pairs).
  static constexpr uint32_t kMAlign =
      (sizeof(SrcAT) == 1 && A_TYPE::isTrans) ? 32 : 16;

  static_assert(std::is_same_v<SrcAT, SrcBT>,
                "Matmul: A and B must have the same element type");
  static_assert(std::is_same_v<SrcAT, half> || std::is_same_v<SrcAT, float> ||
                    std::is_same_v<SrcAT, bfloat16_t> ||
                    std::is_same_v<SrcAT, int8_t>,
                "Matmul: A and B must be half, bfloat16_t, float or int8_t");

public:
  Matmul() = default;

  //===--------------------------------------------------------------------===//
  // Setup
  //===--------------------------------------------------------------------===//

  void Init(const TCubeTiling *cubeTiling, TPipe *tpipe = nullptr,
            Loc loc = ::ascsim::here()) {
    requireEnabled(kCfg.enableInit, "enableInit", "Init", loc);
    initFrom(cubeTiling, tpipe, loc);
  }
  void End(Loc loc = ::ascsim::here()) {
    requireEnabled(kCfg.enableEnd, "enableEnd", "End", loc);
    // End is the last call, a second End included (in a MIX kernel the AIC
    // has stopped serving this AIV).
    requireNotEnded("End", "call End once, after", loc);
    checkOwedWait("End", loc);
    if (client_) {
      send(msg(mm_detail::Op::End, loc), loc);
      ended_ = true;
      return;
    }
    if (st_[0].pendingC)
      mm_detail::fault("argument",
                       "Matmul::End: the last Iterate's block was never "
                       "fetched with GetTensorC",
                       loc);
    drain(loc);
    ended_ = true;
  }

private:
  /// Init without the enableInit check: REGIST_MATMUL_OBJ with a tiling
  /// initialises a Matmul whose config trims Init.
  void initFrom(const TCubeTiling *cubeTiling, TPipe *tpipe, Loc loc) {
    // Ascend C has no re-Init after End: a MIX kernel's AIC stops serving
    // the AIV at its End, so the AIV's next request would wait forever.
    requireNotEnded("Init", "call End once, after", loc);
    if (tpipe)
      pipe_ = tpipe;
    if (cubeTiling == nullptr)
      mm_detail::fault("argument",
                       "Matmul::Init: the tiling pointer is null (pass the "
                       "kernel's TCubeTiling)",
                       loc);
    decideRole(loc);
    if (client_) {
      mm_detail::Msg m = msg(mm_detail::Op::Init, loc);
      m.tiling = *cubeTiling;
      tilingOfClient_ = *cubeTiling;
      send(m, loc);
      inited_ = true;
      return;
    }
    doInit(st_[0], *cubeTiling, loc);
    inited_ = true;
  }

public:
  ~Matmul() override {
    // The server (or a cube-only Matmul without End) leaves no flag set.
    if (std::uncaught_exceptions() == 0)
      drain(::ascsim::here());
  }
  /// The REGIST_MATMUL_OBJ / SetWorkspace workspace (GM).
  template <class T>
  void SetWorkspace(const GlobalTensor<T> &addr, Loc loc = ::ascsim::here()) {
    SetWorkspace(
        reinterpret_cast<GM_ADDR>(const_cast<__gm__ T *>(addr.GetPhyAddr())),
        static_cast<int>(addr.GetSize() * sizeof(T)), loc);
  }
  template <class T>
  void SetWorkspace(__gm__ const T *addr, int size,
                    Loc loc = ::ascsim::here()) {
    workspace_ = reinterpret_cast<GM_ADDR>(const_cast<__gm__ T *>(addr));
    workspaceBytes_ = size;
    // In a MIX kernel the AIC writes the AIVs' slots: it takes the
    // workspace too.
    if (client_)
      send(msgWith(mm_detail::Op::SetWorkspace,
                   {reinterpret_cast<uint64_t>(workspace_),
                    static_cast<uint64_t>(static_cast<int64_t>(size))},
                   loc),
           loc);
  }

  //===--------------------------------------------------------------------===//
  // Operands
  //===--------------------------------------------------------------------===//

  void SetTensorA(const GlobalTensor<SrcAT> &gm, bool isTransposeA = false,
                  Loc loc = ::ascsim::here()) {
    requireInit("SetTensorA", loc);
    requireTensorFormat<A_TYPE>("SetTensorA", "A", loc);
    sendOrRun(mm_detail::Op::SetA,
              {reinterpret_cast<uint64_t>(gm.GetPhyAddr()), gm.GetSize(),
               isTransposeA ? 1u : 0u, 0u},
              loc);
  }
  void SetTensorB(const GlobalTensor<SrcBT> &gm, bool isTransposeB = false,
                  Loc loc = ::ascsim::here()) {
    requireInit("SetTensorB", loc);
    requireTensorFormat<B_TYPE>("SetTensorB", "B", loc);
    sendOrRun(mm_detail::Op::SetB,
              {reinterpret_cast<uint64_t>(gm.GetPhyAddr()), gm.GetSize(),
               isTransposeB ? 1u : 0u, 0u},
              loc);
  }
  /// A from a local tensor: the Unified Buffer of a MIX kernel's AIV (the
  /// single-core A, ND, rows of its K; staged through the workspace) or L1
  /// (TSCM) of a cube-only kernel (the single-core A in Nz).
  void SetTensorA(const LocalTensor<SrcAT> &t, bool isTransposeA = false,
                  Loc loc = ::ascsim::here()) {
    requireInit("SetTensorA", loc);
    requireTensorFormat<A_TYPE>("SetTensorA", "A", loc);
    setLocal(mm_detail::Op::SetA, t, isTransposeA || A_TYPE::isTrans, 1,
             "SetTensorA", loc);
  }
  void SetTensorB(const LocalTensor<SrcBT> &t, bool isTransposeB = false,
                  Loc loc = ::ascsim::here()) {
    requireInit("SetTensorB", loc);
    requireTensorFormat<B_TYPE>("SetTensorB", "B", loc);
    setLocal(mm_detail::Op::SetB, t, isTransposeB || B_TYPE::isTrans, 2,
             "SetTensorB", loc);
  }
  /// A scalar A (or B): every element of the matrix is `aScalar`.
  void SetTensorA(SrcAT aScalar, Loc loc = ::ascsim::here()) {
    requireInit("SetTensorA", loc);
    uint64_t bits = 0;
    std::memcpy(&bits, &aScalar, sizeof(SrcAT));
    sendOrRun(mm_detail::Op::SetA, {0, 0, 0, 1u, bits}, loc);
  }
  void SetTensorB(SrcBT bScalar, Loc loc = ::ascsim::here()) {
    requireInit("SetTensorB", loc);
    uint64_t bits = 0;
    std::memcpy(&bits, &bScalar, sizeof(SrcBT));
    sendOrRun(mm_detail::Op::SetB, {0, 0, 0, 1u, bits}, loc);
  }
  void SetBias(const GlobalTensor<BiasT> &gm, Loc loc = ::ascsim::here()) {
    requireInit("SetBias", loc);
    requireEnabled(kCfg.enableSetBias, "enableSetBias", "SetBias", loc);
    sendOrRun(mm_detail::Op::SetBias,
              {reinterpret_cast<uint64_t>(gm.GetPhyAddr()), gm.GetSize()}, loc);
  }
  /// The bias from a local tensor: the UB of a MIX kernel's AIV (the
  /// client's single-core N values, staged through the workspace like a UB
  /// A or B) or L1 (TSCM, C1) of a cube-only kernel (copied to the
  /// BiasTable from there).
  void SetBias(const LocalTensor<BiasT> &t, Loc loc = ::ascsim::here()) {
    requireInit("SetBias", loc);
    requireEnabled(kCfg.enableSetBias, "enableSetBias", "SetBias", loc);
    setLocal(mm_detail::Op::SetBias, t, false, 3, "SetBias", loc);
  }
  void DisableBias(Loc loc = ::ascsim::here()) {
    requireInit("DisableBias", loc);
    sendOrRun(mm_detail::Op::DisableBias, {}, loc);
  }
  void ClearBias(Loc loc = ::ascsim::here()) { DisableBias(loc); }

  //===--------------------------------------------------------------------===//
  // Shapes
  //===--------------------------------------------------------------------===//

  void SetOrgShape(int orgM, int orgN, int orgK, Loc loc = ::ascsim::here()) {
    SetOrgShape(orgM, orgN, orgK, orgK, orgN, loc);
  }
  void SetOrgShape(int orgM, int orgN, int orgKa, int orgKb,
                   Loc loc = ::ascsim::here()) {
    SetOrgShape(orgM, orgN, orgKa, orgKb, orgN, loc);
  }
  void SetOrgShape(int orgM, int orgN, int orgKa, int orgKb, int orgKc,
                   Loc loc = ::ascsim::here()) {
    requireInit("SetOrgShape", loc);
    requireEnabled(kCfg.enableSetOrgShape, "enableSetOrgShape", "SetOrgShape",
                   loc);
    sendOrRun(mm_detail::Op::SetOrgShape,
              {u(orgM), u(orgN), u(orgKa), u(orgKb), u(orgKc)}, loc);
  }
  void SetSingleShape(int singleM, int singleN, int singleK,
                      Loc loc = ::ascsim::here()) {
    requireInit("SetSingleShape", loc);
    sendOrRun(mm_detail::Op::SetSingleShape,
              {u(singleM), u(singleN), u(singleK)}, loc);
  }
  void SetTail(int tailM = -1, int tailN = -1, int tailK = -1,
               Loc loc = ::ascsim::here()) {
    requireInit("SetTail", loc);
    requireEnabled(kCfg.enableSetTail, "enableSetTail", "SetTail", loc);
    sendOrRun(mm_detail::Op::SetTail,
              {static_cast<uint64_t>(static_cast<int64_t>(tailM)),
               static_cast<uint64_t>(static_cast<int64_t>(tailN)),
               static_cast<uint64_t>(static_cast<int64_t>(tailK))},
              loc);
  }
  void SetBatchNum(int32_t batchA, int32_t batchB, Loc loc = ::ascsim::here()) {
    requireInit("SetBatchNum", loc);
    sendOrRun(mm_detail::Op::SetBatchNum, {u(batchA), u(batchB)}, loc);
  }

  //===--------------------------------------------------------------------===//
  // Quantisation and modes
  //===--------------------------------------------------------------------===//

  void SetQuantScalar(const uint64_t quantScalar, Loc loc = ::ascsim::here()) {
    requireInit("SetQuantScalar", loc);
    sendOrRun(mm_detail::Op::SetQuantScalar, {quantScalar}, loc);
  }
  void SetQuantVector(const GlobalTensor<uint64_t> &quantTensor,
                      Loc loc = ::ascsim::here()) {
    requireInit("SetQuantVector", loc);
    requireEnabled(kCfg.enableQuantVector, "enableQuantVector",
                   "SetQuantVector", loc);
    sendOrRun(mm_detail::Op::SetQuantVector,
              {reinterpret_cast<uint64_t>(quantTensor.GetPhyAddr()),
               quantTensor.GetSize()},
              loc);
  }
  void SetHF32(bool enableHF32 = false, int32_t transMode = 0,
               Loc loc = ::ascsim::here()) {
    requireInit("SetHF32", loc);
    if (enableHF32 && !std::is_same_v<SrcAT, float>)
      mm_detail::fault("dtype",
                       "Matmul::SetHF32(true): HF32 mode applies to float32 "
                       "A and B; this Matmul's inputs are not float32",
                       loc);
    sendOrRun(mm_detail::Op::SetHF32, {enableHF32 ? 1u : 0u, u(transMode)},
              loc);
  }
  /// The index of a 4:2 sparse B (sim/MATMUL.md "Sparse B"): from now on
  /// B is the stored half of a sparse int8 B (N x K/2, as a transposed B)
  /// and this uint8 tensor its 2-bit positions, ceil(K/64) x N x 8 bytes.
  template <class T>
  void SetSparseIndex(const GlobalTensor<T> &indexGlobal,
                      Loc loc = ::ascsim::here()) {
    requireInit("SetSparseIndex", loc);
    if constexpr (!std::is_same_v<T, uint8_t>)
      mm_detail::fault("dtype",
                       "Matmul::SetSparseIndex: the index is a uint8 tensor "
                       "(four 2-bit positions a byte, sim/MATMUL.md \"Sparse "
                       "B\"); pass it as a GlobalTensor of uint8",
                       loc);
    if constexpr (!std::is_same_v<SrcAT, int8_t> ||
                  !std::is_same_v<DstT, int32_t>)
      mm_detail::fault("dtype",
                       "Matmul::SetSparseIndex: the sparse Matmul is int8 A "
                       "x int8 sparse B -> int32 C (MmadWithSparse); declare "
                       "A and B int8 and C int32 in their MatmulTypes",
                       loc);
    sendOrRun(mm_detail::Op::SetSparseIndex,
              {reinterpret_cast<uint64_t>(indexGlobal.GetPhyAddr()),
               indexGlobal.GetSize()},
              loc);
  }
  /// The data of the MM_CB callbacks: stored as on the NPU. Nothing reads
  /// it, because no MM_CB callback is declared (pyasc cannot declare one).
  template <class T>
  void SetSelfDefineData(T dataPtr, Loc loc = ::ascsim::here()) {
    requireEnabled(kCfg.enableSetDefineData, "enableSetDefineData",
                   "SetSelfDefineData", loc);
    if constexpr (std::is_pointer_v<T>)
      selfDefineData_ = reinterpret_cast<uint64_t>(dataPtr);
    else
      selfDefineData_ = static_cast<uint64_t>(dataPtr);
  }
  /// The tiling pointer of the MM_CB callbacks: stored, read by nothing
  /// (as SetSelfDefineData).
  void SetUserDefInfo(const uint64_t tilingPtr, Loc loc = ::ascsim::here()) {
    requireEnabled(kCfg.enableSetDefineData, "enableSetDefineData",
                   "SetUserDefInfo", loc);
    userDefInfo_ = tilingPtr;
  }

  //===--------------------------------------------------------------------===//
  // Iteration
  //===--------------------------------------------------------------------===//

  /// Computes the next base block into L0C (false when every block of the
  /// single-core shape is done).
  template <bool sync = true>
  bool Iterate(bool enPartialSum = false, Loc loc = ::ascsim::here()) {
    requireInit("Iterate", loc);
    if (client_) {
      mm_detail::Msg m = msg(mm_detail::Op::Iterate, loc);
      m.a[0] = enPartialSum;
      mm_detail::Reply r = call(m, loc);
      clientIterated_ = r.v[0] != 0;
      lastLdc_ = r.v[6];
      offset_ = MatrixOffset{r.v[1], r.v[2], r.v[3], r.v[4], r.v[5]};
      return r.v[0] != 0;
    }
    return doIterate(st_[0], enPartialSum, loc);
  }

  /// Every block of the single-core shape into `gm` (C at this core's
  /// offset, row stride orgN; enSequentialWrite: blocks one after another).
  template <bool sync = true>
  void IterateAll(const GlobalTensor<DstT> &gm, uint8_t enAtomic = 0,
                  bool enSequentialWrite = false, bool waitIterateAll = false,
                  bool fakeMsg = false, Loc loc = ::ascsim::here()) {
    requireInit("IterateAll", loc);
    checkAtomic(enAtomic, loc);
    (void)fakeMsg;
    if (client_) {
      mm_detail::Msg m = msg(mm_detail::Op::IterateAll, loc);
      m.a[0] = reinterpret_cast<uint64_t>(gm.GetPhyAddr());
      m.a[1] = gm.GetSize();
      m.a[2] = enAtomic;
      m.a[3] = enSequentialWrite;
      // waitIterateAll says the kernel waits for an asynchronous IterateAll
      // with WaitIterateAll: it does not make the call synchronous.
      (void)waitIterateAll;
      if (sync) {
        call(m, loc);
      } else {
        m.wantReply = 1;
        send(m, loc);
        ++asyncPending_;
      }
      return;
    }
    doIterateAll(st_[0], reinterpret_cast<uint64_t>(gm.GetPhyAddr()),
                 gm.GetSize(), enAtomic, enSequentialWrite, loc);
  }
  /// IterateAll into a UB tensor (MIX: through the workspace).
  template <bool sync = true>
  void IterateAll(const LocalTensor<DstT> &ubCmatrix, uint8_t enAtomic = 0,
                  Loc loc = ::ascsim::here()) {
    requireInit("IterateAll", loc);
    if (enAtomic)
      mm_detail::fault("argument",
                       "Matmul::IterateAll to a local tensor: enAtomic is "
                       "only for GM outputs",
                       loc);
    uint32_t row = 0;
    while (Iterate(false, loc)) {
      const MatrixOffset o = offset_;
      getTensorCUb(ubCmatrix[row], 0, loc);
      row += static_cast<uint32_t>(o.height) * ubRowStride(o.width);
    }
  }
  void WaitIterateAll(Loc loc = ::ascsim::here()) {
    if (!client_)
      return; // the cube-only Matmul runs IterateAll synchronously
    if (asyncPending_ == 0)
      mm_detail::fault("argument",
                       "Matmul::WaitIterateAll without an IterateAll<false> "
                       "in flight",
                       loc);
    awaitAsync(loc);
  }

  //===--------------------------------------------------------------------===//
  // Results
  //===--------------------------------------------------------------------===//

  /// The last Iterate's block into `gm` at its place in C (row stride
  /// orgN), or at gm[0] with enSequentialWrite (row stride = its width).
  template <bool sync = true>
  void GetTensorC(const GlobalTensor<DstT> &gm, uint8_t enAtomic = 0,
                  bool enSequentialWrite = false, Loc loc = ::ascsim::here()) {
    requireInit("GetTensorC", loc);
    requireGetTensorC("GetTensorC", loc);
    checkAtomic(enAtomic, loc);
    if (client_) {
      mm_detail::Msg m = msg(mm_detail::Op::GetC, loc);
      m.a[0] = reinterpret_cast<uint64_t>(gm.GetPhyAddr());
      m.a[1] = gm.GetSize();
      m.a[2] = enSequentialWrite;
      m.a[3] = enAtomic;
      if (sync) {
        call(m, loc);
      } else {
        m.wantReply = 1;
        send(m, loc);
        ++asyncPending_;
      }
      return;
    }
    doGetC(st_[0], reinterpret_cast<uint64_t>(gm.GetPhyAddr()), gm.GetSize(),
           enSequentialWrite, enAtomic, loc);
  }
  /// The last block into a UB tensor (VECIN/VECCALC/VECOUT): rows of the
  /// block's width rounded up to 32 bytes. MIX only (the AIC has no UB).
  template <bool sync = true>
  void GetTensorC(const LocalTensor<DstT> &c, uint8_t enAtomic = 0,
                  bool enSequentialWrite = false, Loc loc = ::ascsim::here()) {
    requireInit("GetTensorC", loc);
    requireGetTensorC("GetTensorC", loc);
    (void)enSequentialWrite; // the UB block is alone in the tensor
    getTensorCUb(c, enAtomic, loc);
  }
  template <bool sync = true>
  void AsyncGetTensorC(const LocalTensor<DstT> &c, Loc loc = ::ascsim::here()) {
    requireInit("AsyncGetTensorC", loc);
    requireGetTensorC("AsyncGetTensorC", loc);
    getTensorCUb(c, 0, loc);
  }

private:
  void requireGetTensorC(const char *api, Loc loc) {
    requireEnabled(kCfg.enableGetTensorC, "enableGetTensorC", api, loc);
  }
  /// The last block into a UB tensor (GetTensorC, IterateAll into UB).
  void getTensorCUb(const LocalTensor<DstT> &c, uint8_t enAtomic, Loc loc) {
    if (enAtomic)
      mm_detail::fault("argument",
                       "Matmul::GetTensorC to a local tensor: enAtomic is "
                       "only for GM outputs",
                       loc);
    if (!mm_detail::isUb(static_cast<TPosition>(c.GetPosition())))
      mm_detail::fault("argument",
                       "Matmul::GetTensorC: the local C must be in the "
                       "Unified Buffer (VECIN, VECCALC or VECOUT)",
                       loc);
    requireMixForUbC("GetTensorC", loc);
    fetchToUb(c, loc);
  }

public:
  /// Both: the block into `gm` and into the UB tensor `c`.
  template <bool sync = true>
  void GetTensorC(const GlobalTensor<DstT> &gm, const LocalTensor<DstT> &c,
                  uint8_t enAtomic = 0, bool enSequentialWrite = false,
                  Loc loc = ::ascsim::here()) {
    requireInit("GetTensorC", loc);
    requireGetTensorC("GetTensorC", loc);
    requireMixForUbC("GetTensorC", loc);
    const uint32_t w = offset_.width, h = offset_.height;
    fetchToUb(c, loc);
    // Copy the UB block out to GM (MTE3), at its place in C.
    const uint32_t stride = ubRowStride(w);
    const uint32_t ldc =
        enSequentialWrite ? w : static_cast<uint32_t>(lastLdc_);
    const uint64_t off =
        enSequentialWrite
            ? 0
            : static_cast<uint64_t>(offset_.row) * ldc + offset_.col;
    DataCopyParams p;
    p.blockCount = static_cast<uint16_t>(h);
    p.blockLen = static_cast<uint16_t>(stride * sizeof(DstT) / 32);
    p.srcStride = 0;
    p.dstStride = 0;
    if (ldc != stride || w != stride)
      mm_detail::fault("argument",
                       "Matmul::GetTensorC(gm, ub): the simulator copies the "
                       "UB block to GM only when its rows are whole 32-byte "
                       "blocks and C's row stride equals the block width",
                       loc);
    setAtomic(enAtomic, loc);
    DataCopy(gm[off], c, p, loc);
    if (enAtomic)
      SetAtomicNone(loc);
  }
  /// The form returning a GlobalTensor: the block in the workspace (MIX),
  /// rows of the block's width rounded up to 32 bytes.
  template <bool sync = true>
  GlobalTensor<DstT> GetTensorC(uint8_t enAtomic = 0,
                                bool enSequentialWrite = false,
                                Loc loc = ::ascsim::here()) {
    requireInit("GetTensorC", loc);
    requireGetTensorC("GetTensorC", loc);
    (void)enSequentialWrite; // the block is alone in its workspace slot
    if (enAtomic)
      mm_detail::fault("argument",
                       "Matmul::GetTensorC() returning a GlobalTensor writes "
                       "the block into its own workspace slot: enAtomic is "
                       "for a C GlobalTensor the caller passes",
                       loc);
    if (!client_)
      mm_detail::fault("argument",
                       "Matmul::GetTensorC() (returning a GlobalTensor) "
                       "writes the block into the workspace of a MIX "
                       "kernel's AIV; in a cube-only kernel pass the C "
                       "GlobalTensor",
                       loc);
    mm_detail::Msg m = msg(mm_detail::Op::GetCWs, loc);
    call(m, loc);
    clientTiling_ = tilingOfClient_;
    GlobalTensor<DstT> g;
    g.SetGlobalBuffer(reinterpret_cast<__gm__ DstT *>(slotAddr(sub_)),
                      slotBytes() / sizeof(DstT));
    clientIterated_ = false;
    return g;
  }
  void WaitGetTensorC(Loc loc = ::ascsim::here()) {
    if (client_ && asyncPending_ > 0)
      awaitAsync(loc);
  }
  MatrixOffset GetOffsetC(Loc loc = ::ascsim::here()) {
    requireInit("GetOffsetC", loc);
    return offset_;
  }

  //===--------------------------------------------------------------------===//
  // Batch
  //===--------------------------------------------------------------------===//

  /// batchA x batchB matmuls of the single-core shape (LayoutMode NORMAL:
  /// [batch, rows, cols] contiguous, or the given matrix strides in
  /// elements) into `gm`.
  template <bool sync = true, bool waitIterateBatch = false>
  void IterateBatch(const GlobalTensor<DstT> &gm, uint32_t batchA,
                    uint32_t batchB, bool enSequentialWrite,
                    const uint32_t matrixStrideA = 0,
                    const uint32_t matrixStrideB = 0,
                    const uint32_t matrixStrideC = 0,
                    const bool enPartialSum = false, const uint8_t enAtomic = 0,
                    Loc loc = ::ascsim::here()) {
    requireInit("IterateBatch", loc);
    checkAtomic(enAtomic, loc);
    noteWaitFlag<sync, waitIterateBatch>("IterateBatch", loc);
    if (client_) {
      mm_detail::Msg m = msg(mm_detail::Op::IterateBatch, loc);
      m.a[0] = reinterpret_cast<uint64_t>(gm.GetPhyAddr());
      m.a[1] = gm.GetSize();
      m.a[2] = batchA;
      m.a[3] = batchB;
      m.a[4] = enSequentialWrite;
      m.a[5] = matrixStrideA;
      m.a[6] = matrixStrideB;
      m.a[7] = matrixStrideC;
      m.a[8] = enPartialSum;
      m.a[9] = enAtomic;
      if (sync) {
        call(m, loc);
      } else {
        m.wantReply = 1;
        send(m, loc);
        ++asyncPending_;
      }
      return;
    }
    doIterateBatch(st_[0], reinterpret_cast<uint64_t>(gm.GetPhyAddr()),
                   gm.GetSize(), batchA, batchB, enSequentialWrite,
                   matrixStrideA, matrixStrideB, matrixStrideC, enPartialSum,
                   enAtomic, loc);
  }
  /// The other order of the parameters (enPartialSum, enAtomic,
  /// enSequentialWrite first); the batch counts from SetBatchNum.
  template <bool sync = true, class PS,
            std::enable_if_t<std::is_same_v<PS, bool>, int> = 0>
  void
  IterateBatch(const GlobalTensor<DstT> &gm, PS enPartialSum, uint8_t enAtomic,
               bool enSequentialWrite, const uint32_t matrixStrideA = 0,
               const uint32_t matrixStrideB = 0,
               const uint32_t matrixStrideC = 0, Loc loc = ::ascsim::here()) {
    IterateBatch<sync>(gm, 0u, 0u, enSequentialWrite, matrixStrideA,
                       matrixStrideB, matrixStrideC, enPartialSum, enAtomic,
                       loc);
  }
  /// IterateBatch into a UB tensor (MIX): the AIC writes the batch into
  /// this AIV's batch area of the workspace, the AIV copies it into `c`
  /// (matrix b at b x matrixStrideC, or packed: see sim/MATMUL.md). With
  /// sync = false the copy happens at WaitIterateBatch.
  template <bool sync = true, bool waitIterateBatch = false>
  void IterateBatch(const LocalTensor<DstT> &c, uint32_t batchA,
                    uint32_t batchB, bool enSequentialWrite,
                    const uint32_t matrixStrideA = 0,
                    const uint32_t matrixStrideB = 0,
                    const uint32_t matrixStrideC = 0,
                    const bool enPartialSum = false, const uint8_t enAtomic = 0,
                    Loc loc = ::ascsim::here()) {
    requireInit("IterateBatch", loc);
    noteWaitFlag<sync, waitIterateBatch>("IterateBatch", loc);
    if (enAtomic)
      mm_detail::fault("argument",
                       "Matmul::IterateBatch into a local tensor: enAtomic is "
                       "only for GM outputs",
                       loc);
    requireUbC(c, "IterateBatch", loc);
    if constexpr (C_TYPE::layout != LayoutMode::NORMAL &&
                  C_TYPE::layout != LayoutMode::NONE)
      mm_detail::fault("argument",
                       "Matmul::IterateBatch into a local tensor: a batch C "
                       "in the Unified Buffer is LayoutMode::NORMAL (C's "
                       "MatmulType has another layout)",
                       loc);
    const uint32_t e32 = 32 / sizeof(DstT);
    if (matrixStrideC % e32)
      mm_detail::fault("argument",
                       "Matmul::IterateBatch into a local tensor: "
                       "matrixStrideC must be a whole number of 32-byte "
                       "blocks",
                       loc);
    mm_detail::Msg m = msg(mm_detail::Op::IterateBatchWs, loc);
    m.a[2] = batchA;
    m.a[3] = batchB;
    m.a[4] = enSequentialWrite;
    m.a[5] = matrixStrideA;
    m.a[6] = matrixStrideB;
    m.a[8] = enPartialSum;
    while (asyncPending_ > 0) // one UB batch in flight at a time
      awaitAsync(loc);
    ubBatch_ = UbBatch{false, c, matrixStrideC};
    if (sync) {
      mm_detail::Reply r = call(m, loc);
      copyBatchToUb(r, loc);
      return;
    }
    ubBatch_.active = true;
    m.wantReply = 1;
    send(m, loc);
    ++asyncPending_;
  }
  /// The other order of the parameters into a UB tensor.
  template <bool sync = true, class PS,
            std::enable_if_t<std::is_same_v<PS, bool>, int> = 0>
  void
  IterateBatch(const LocalTensor<DstT> &c, PS enPartialSum, uint8_t enAtomic,
               bool enSequentialWrite, const uint32_t matrixStrideA = 0,
               const uint32_t matrixStrideB = 0,
               const uint32_t matrixStrideC = 0, Loc loc = ::ascsim::here()) {
    IterateBatch<sync>(c, 0u, 0u, enSequentialWrite, matrixStrideA,
                       matrixStrideB, matrixStrideC, enPartialSum, enAtomic,
                       loc);
  }
  void WaitIterateBatch(Loc loc = ::ascsim::here()) {
    owedWait_ = false;
    if (!client_)
      return;
    if (asyncPending_ == 0)
      mm_detail::fault("argument",
                       "Matmul::WaitIterateBatch without an "
                       "IterateBatch<false> in flight",
                       loc);
    while (asyncPending_ > 0)
      awaitAsync(loc);
  }
  /// batchLoop IterateBatch computations (loop l: A's matrices from l x
  /// batchA, B's from l x batchB) into the workspace's batch area; each
  /// GetBatchTensorC then fetches the next loop's matrices. Needs a
  /// MatmulConfig with isNBatch (GetNormalConfig(false, true)).
  template <bool sync = true, bool waitIterateBatch = false>
  void IterateNBatch(const uint32_t batchLoop, uint32_t batchA, uint32_t batchB,
                     bool enSequentialWrite, const uint32_t matrixStrideA = 0,
                     const uint32_t matrixStrideB = 0,
                     const uint32_t matrixStrideC = 0,
                     Loc loc = ::ascsim::here()) {
    requireInit("IterateNBatch", loc);
    noteWaitFlag<sync, waitIterateBatch>("IterateNBatch", loc);
    if (!kCfg.isNBatch)
      mm_detail::fault("argument",
                       "Matmul::IterateNBatch: the MatmulConfig has isNBatch "
                       "= false, which compiles IterateNBatch out of the "
                       "Matmul (GetNormalConfig(false, true), pyasc "
                       "get_normal_config(batch_loop=True), sets it)",
                       loc);
    if (batchLoop == 0)
      mm_detail::fault(
          "argument", "Matmul::IterateNBatch: batchLoop must be positive", loc);
    if (!workspace_)
      mm_detail::fault("argument",
                       "Matmul::IterateNBatch writes its batches into the GM "
                       "workspace: pass a workspace to REGIST_MATMUL_OBJ (or "
                       "SetWorkspace)",
                       loc);
    if (matrixStrideC != 0)
      mm_detail::fault("argument",
                       "Matmul::IterateNBatch: a matrixStrideC other than 0 "
                       "is not modelled (the simulator's batch area packs "
                       "the matrices one after another, which is what "
                       "GetBatchTensorC returns); pass 0",
                       loc);
    nb_ = NBatch{};
    nb_.loops = batchLoop;
    nb_.batchA = batchA;
    nb_.batchB = batchB;
    nb_.seq = enSequentialWrite;
    mm_detail::Msg m = msg(mm_detail::Op::IterateNBatch, loc);
    m.a[0] = batchLoop;
    m.a[1] = batchA;
    m.a[2] = batchB;
    m.a[3] = enSequentialWrite;
    m.a[4] = matrixStrideA;
    m.a[5] = matrixStrideB;
    m.a[6] = matrixStrideC;
    if (!client_) {
      mm_detail::Reply r{};
      doIterateNBatch(st_[0], 0, m, r, loc);
      noteNBatch(r);
      return;
    }
    if (sync) {
      noteNBatch(call(m, loc));
      return;
    }
    m.wantReply = 1;
    send(m, loc);
    ++asyncPending_;
    nb_.awaiting = true;
  }
  /// The next loop's matrices of the last IterateNBatch: the GlobalTensor
  /// of them in the workspace's batch area.
  template <bool sync = true>
  GlobalTensor<DstT> GetBatchTensorC(uint32_t batchA, uint32_t batchB,
                                     bool enSequentialWrite = false,
                                     Loc loc = ::ascsim::here()) {
    uint64_t addr = 0, elems = 0;
    nextNBatch(batchA, batchB, enSequentialWrite, addr, elems, loc);
    GlobalTensor<DstT> g;
    g.SetGlobalBuffer(reinterpret_cast<__gm__ DstT *>(addr), elems);
    return g;
  }
  /// The next loop's matrices copied into a UB tensor (MIX).
  template <bool sync = true>
  void GetBatchTensorC(const LocalTensor<DstT> &c, uint32_t batchA,
                       uint32_t batchB, bool enSequentialWrite = false,
                       Loc loc = ::ascsim::here()) {
    requireInit("GetBatchTensorC", loc);
    requireUbC(c, "GetBatchTensorC", loc);
    uint64_t addr = 0, elems = 0;
    nextNBatch(batchA, batchB, enSequentialWrite, addr, elems, loc);
    ubCopyIn(c, addr, static_cast<uint32_t>(elems), "GetBatchTensorC", loc);
  }

  //===--------------------------------------------------------------------===//
  // Registration (REGIST_MATMUL_OBJ) and the server side
  //===--------------------------------------------------------------------===//

  /// Consumes the L1 tiles' pending flags and gives back their event ids.
  void drain(Loc loc) {
    if (!buffers_ || drained_)
      return;
    ringDrain(ringA_, loc);
    ringDrain(ringB_, loc);
    stageDrain(stA2_, loc);
    stageDrain(stB2_, loc);
    stageDrain(stC_, loc);
    cUnitFree_[0] = cUnitFree_[1] = false; // their Fixpipes drained too
    stageDrain(stBias1_, loc);
    stageDrain(stBias2_, loc);
    stageDrain(stQuant_, loc);
    drained_ = true;
  }
  void attach(TPipe *pipe, GM_ADDR workspace, uint32_t index, uint32_t count,
              mm_detail::L0Share *share) override {
    objects_ = count > 0 ? count : 1;
    share_ = objects_ > 1 ? share : nullptr;
    if (pipe)
      pipe_ = pipe;
    if (workspace && !workspace_)
      workspace_ = workspace;
    index_ = index;
  }
  mm_detail::L0Share *shareStorage() override { return &shareStorage_; }
  void yieldShared(Loc loc) override {
    stageDrain(stA2_, loc);
    stageDrain(stB2_, loc);
    stageDrain(stBias1_, loc);
    stageDrain(stBias2_, loc);
  }
  /// Before this object computes a block in the shared buffers: the object
  /// that used them last consumes its flags (e.g. its Mmads have read L0A
  /// and L0B once MTE1 has waited for their M -> MTE1 flags).
  void claimShared(Loc loc) {
    if (!share_ || share_->owner == this)
      return;
    if (share_->owner)
      share_->owner->yieldShared(loc);
    share_->owner = this;
  }
  void setClient(bool client) override {
    client_ = client;
    roleKnown_ = true;
    if (client)
      sub_ = ::ascsim::abi::mmRole().subBlockIdx;
  }
  void clientInit(const TCubeTiling *tiling, Loc loc) override {
    initFrom(tiling, nullptr, loc);
  }
  bool needsEnd() const override { return kCfg.enableEnd; }
  bool mustWait(uint32_t sub, const mm_detail::Msg &m) const override {
    using mm_detail::Op;
    const Op op = static_cast<Op>(m.op);
    if (op != Op::Iterate && op != Op::IterateAll && op != Op::IterateBatch &&
        op != Op::IterateBatchWs && op != Op::IterateNBatch)
      return false;
    return geo_.nC < 2 && sub < 2 && st_[1 - sub].pendingC;
  }
  void serve(uint32_t sub, const mm_detail::Msg &m,
             mm_detail::Reply &r) override {
    const Loc loc{m.file, m.line};
    St &s = st_[sub < 2 ? sub : 0];
    using mm_detail::Op;
    r.ok = 1;
    switch (static_cast<Op>(m.op)) {
    case Op::Init:
      doInit(s, m.tiling, loc);
      break;
    case Op::Iterate: {
      bool more = doIterate(s, m.a[0] != 0, loc);
      r.v[0] = more;
      r.v[1] = s.off.offset;
      r.v[2] = s.off.row;
      r.v[3] = s.off.col;
      r.v[4] = s.off.height;
      r.v[5] = s.off.width;
      r.v[6] = ldcOf(s);
      break;
    }
    case Op::GetC:
      doGetC(s, m.a[0], m.a[1], m.a[2] != 0, static_cast<uint8_t>(m.a[3]), loc);
      break;
    case Op::GetCWs:
      doGetCWs(s, sub, loc);
      break;
    case Op::IterateAll:
      doIterateAll(s, m.a[0], m.a[1], static_cast<uint8_t>(m.a[2]), m.a[3] != 0,
                   loc);
      break;
    case Op::IterateBatch:
      doIterateBatch(s, m.a[0], m.a[1], static_cast<uint32_t>(m.a[2]),
                     static_cast<uint32_t>(m.a[3]), m.a[4] != 0,
                     static_cast<uint32_t>(m.a[5]),
                     static_cast<uint32_t>(m.a[6]),
                     static_cast<uint32_t>(m.a[7]), m.a[8] != 0,
                     static_cast<uint8_t>(m.a[9]), loc);
      break;
    case Op::IterateBatchWs:
      doIterateBatchWs(s, sub, m, r, loc);
      break;
    case Op::IterateNBatch:
      doIterateNBatch(s, sub, m, r, loc);
      break;
    case Op::End:
      if (s.pendingC)
        mm_detail::fault("argument",
                         "Matmul::End: the last Iterate's block was never "
                         "fetched with GetTensorC",
                         loc);
      break;
    default:
      runSetter(s, m, loc);
      break;
    }
  }

private:
  //===--------------------------------------------------------------------===//
  // Per-client state (the AIC keeps one per AIV it serves)
  //===--------------------------------------------------------------------===//
  struct St {
    bool inited = false;
    TCubeTiling t{};
    uint64_t aAddr = 0, aElems = 0, bAddr = 0, bElems = 0;
    bool transA = A_TYPE::isTrans, transB = B_TYPE::isTrans;
    bool aSet = false, bSet = false;
    // A (B) staged from an AIV's UB (rows of the single-core shape), or the
    // user's L1 (TSCM) tensor holding the single-core operand in Nz.
    bool aTight = false, bTight = false, aL1 = false, bL1 = false;
    bool biasL1 = false; // the bias is the user's L1 (TSCM) tensor
    bool aScalar = false, bScalar = false;
    uint64_t aScalarBits = 0, bScalarBits = 0;
    uint64_t biasAddr = 0, biasElems = 0;
    bool hasBias = false;
    int32_t orgM = 0, orgN = 0, orgKa = 0, orgKb = 0, orgKc = 0;
    int32_t sM = 0, sN = 0, sK = 0;
    int32_t batchA = 1, batchB = 1;
    uint64_t quantScalar = 0, quantVecAddr = 0, quantVecElems = 0;
    int quant = 0; // 0 none, 1 scalar, 2 vector
    bool hf32 = false;
    // SetSparseIndex: B is the stored half of a 4:2 sparse B, this the
    // index (uint8, ceil(K/64) x orgN x 8 bytes).
    bool sparse = false;
    uint64_t idxAddr = 0, idxElems = 0;
    // Iteration over the base blocks of the single-core shape.
    int32_t mBlocks = 0, nBlocks = 0, kSteps = 0, iter = -1;
    bool done = false;
    bool pendingC = false;
    int32_t curM = 0, curN = 0;
    MatrixOffset off{};
    LocalTensor<L0cT> c1;
    uint32_t cSlot = 0;
    /// The block's Mmads and its Fixpipe sync through unit flags (the
    /// config's enUnitFlag) instead of M_FIX / FIX_M; cFlagged: an
    /// Iterate(enPartialSum) added unit-flag-free Mmads, so the Fixpipe
    /// also waits for the M_FIX flag.
    bool unitC = false, cFlagged = false;
    /// The second block of a pair (pairStart), computed with the first and
    /// fetched after it (IterateAll).
    struct Pair {
      bool ready = false;
      LocalTensor<L0cT> c1;
      uint32_t cSlot = 0;
      bool unitC = false;
      int32_t mi = 0, ni = 0;
      MatrixOffset off{};
    } pair;
  };

  /// C's row stride in GM: SetOrgShape's orgKc (the N of C), else orgN.
  /// C of CubeFormat::ND_ALIGN: rows padded to 32 bytes.
  static int32_t ldcOf(const St &s) {
    const int32_t n = s.orgKc > 0 ? s.orgKc : s.orgN;
    if constexpr (C_TYPE::format == CubeFormat::ND_ALIGN)
      return static_cast<int32_t>(
          mm_detail::alignUp(static_cast<uint32_t>(n), 32 / sizeof(DstT)));
    return n;
  }

  static uint64_t u(int32_t v) {
    return static_cast<uint64_t>(static_cast<uint32_t>(v));
  }

  //===--------------------------------------------------------------------===//
  // Batch results through the workspace's batch area
  //===--------------------------------------------------------------------===//

  struct UbBatch {
    bool active = false; // an async IterateBatch into UB awaits its reply
    LocalTensor<DstT> c;
    uint32_t strideC = 0;
  };
  struct NBatch {
    bool active = false, awaiting = false, seq = false;
    uint32_t loops = 0, batchA = 0, batchB = 0, batch = 0, cursor = 0;
    uint64_t matElems = 0;
  };

  template <class T>
  void requireUbC(const LocalTensor<T> &c, const char *api, Loc loc) {
    if (!mm_detail::isUb(static_cast<TPosition>(c.GetPosition())))
      mm_detail::faultf("argument", loc,
                        "Matmul::%s: the local C must be in the Unified "
                        "Buffer (VECIN, VECCALC or VECOUT)",
                        api);
    requireMixForUbC(api, loc);
    requireWorkspace(api, "C in the Unified Buffer", loc);
  }
  /// C into UB: only an AIV has a Unified Buffer.
  void requireMixForUbC(const char *api, Loc loc) const {
    if (!client_)
      mm_detail::faultf("argument", loc,
                        "Matmul::%s to a UB tensor needs a MIX kernel (the "
                        "AIV's UB): a cube core has no Unified Buffer",
                        api);
  }
  /// `what` (a UB operand or C) is staged in the GM workspace. `api` null:
  /// the message names no method.
  void requireWorkspace(const char *api, const char *what, Loc loc) const {
    if (workspace_)
      return;
    if (api)
      mm_detail::faultf("argument", loc,
                        "Matmul::%s: %s goes through the GM workspace: pass a "
                        "workspace to REGIST_MATMUL_OBJ (or SetWorkspace)",
                        api, what);
    mm_detail::faultf("argument", loc,
                      "Matmul: %s goes through the GM workspace: pass a "
                      "workspace to REGIST_MATMUL_OBJ (or SetWorkspace)",
                      what);
  }
  /// A block is fetched only after an Iterate computed it.
  static void requireIterated(bool iterated, Loc loc) {
    if (!iterated)
      mm_detail::fault("argument",
                       "Matmul::GetTensorC before Iterate: no block has been "
                       "computed (call it inside the Iterate loop)",
                       loc);
  }
  /// Elements of one matrix in the batch area: sM rows of sN rounded up to
  /// 32 bytes, or (enSequentialWrite) its blocks one after another; each
  /// matrix starts at a 32-byte boundary.
  static uint64_t areaMatElems(int32_t sM, int32_t sN, bool seq) {
    const uint64_t e32 = 32 / sizeof(DstT);
    const uint64_t n = seq ? static_cast<uint64_t>(sM) * sN
                           : static_cast<uint64_t>(sM) *
                                 ubRowStride(static_cast<uint32_t>(sN));
    return (n + e32 - 1) / e32 * e32;
  }
  /// The batch area of a region: TCubeTiling.BatchNum matrices of the
  /// single-core shape, when C is in UB or the config has isNBatch.
  static uint64_t batchAreaBytes(const TCubeTiling &t) {
    if (!(mm_detail::isUb(C_TYPE::pos) || kCfg.isNBatch) || t.BatchNum <= 0)
      return 0;
    return mm_detail::alignUp(
        static_cast<uint32_t>(
            static_cast<uint64_t>(t.BatchNum) *
            areaMatElems(t.singleCoreM, t.singleCoreN, false) * sizeof(DstT)),
        512);
  }
  uint64_t batchAreaAddr(uint32_t sub) const {
    return slotAddr(sub) + slotBytes() + stageBytesA(clientTiling_) +
           stageBytesB(clientTiling_) + stageBytesBias(clientTiling_);
  }
  /// The client copies `elems` elements of the batch area into `c` (MTE2)
  /// and waits for the copy before its next request.
  void ubCopyIn(const LocalTensor<DstT> &dst, uint64_t addr, uint32_t elems,
                const char *api, Loc loc) {
    if (elems > dst.GetSize())
      mm_detail::faultf("bounds", loc,
                        "Matmul::%s: the batch (%u elements) does not fit "
                        "the local tensor of %u elements",
                        api, elems, dst.GetSize());
    GlobalTensor<DstT> g;
    g.SetGlobalBuffer(reinterpret_cast<__gm__ DstT *>(addr), elems);
    DataCopy(dst, g, elems, loc);
    SetFlag<HardEvent::MTE2_S>(0, loc);
    WaitFlag<HardEvent::MTE2_S>(0, loc);
  }
  /// The reply of IterateBatchWs: v[0] matrices, v[1] x v[2] each, v[3]
  /// enSequentialWrite.
  void copyBatchToUb(const mm_detail::Reply &r, Loc loc) {
    clientTiling_ = tilingOfClient_;
    const uint32_t batch = static_cast<uint32_t>(r.v[0]);
    const uint64_t per = areaMatElems(r.v[1], r.v[2], r.v[3] != 0);
    const uint64_t area = batchAreaAddr(sub_);
    if (ubBatch_.strideC == 0 || ubBatch_.strideC == per) {
      ubCopyIn(ubBatch_.c, area, static_cast<uint32_t>(batch * per),
               "IterateBatch", loc);
      return;
    }
    if (ubBatch_.strideC < per)
      mm_detail::faultf("argument", loc,
                        "Matmul::IterateBatch into a local tensor: "
                        "matrixStrideC = %u is less than one matrix (%llu "
                        "elements)",
                        ubBatch_.strideC, static_cast<unsigned long long>(per));
    for (uint32_t b = 0; b < batch; ++b) {
      if (static_cast<uint64_t>(b) * ubBatch_.strideC + per >
          ubBatch_.c.GetSize())
        mm_detail::fault("bounds",
                         "Matmul::IterateBatch: the batch (matrices "
                         "matrixStrideC apart) does not fit the local tensor",
                         loc);
      LocalTensor<DstT> d = ubBatch_.c[b * ubBatch_.strideC];
      ubCopyIn(d, area + b * per * sizeof(DstT), static_cast<uint32_t>(per),
               "IterateBatch", loc);
    }
  }
  void noteNBatch(const mm_detail::Reply &r) {
    nb_.active = true;
    nb_.awaiting = false;
    nb_.batch = static_cast<uint32_t>(r.v[0]);
    nb_.matElems = areaMatElems(r.v[1], r.v[2], nb_.seq);
    nb_.cursor = 0;
  }
  /// The address and size of the next loop's matrices (GetBatchTensorC).
  void nextNBatch(uint32_t batchA, uint32_t batchB, bool seq, uint64_t &addr,
                  uint64_t &elems, Loc loc) {
    requireInit("GetBatchTensorC", loc);
    while (nb_.awaiting && asyncPending_ > 0)
      awaitAsync(loc);
    if (!nb_.active)
      mm_detail::fault("argument",
                       "Matmul::GetBatchTensorC without an IterateNBatch "
                       "before it (it fetches IterateNBatch's results)",
                       loc);
    if (batchA != nb_.batchA || batchB != nb_.batchB || seq != nb_.seq)
      mm_detail::faultf("argument", loc,
                        "Matmul::GetBatchTensorC(%u, %u, %s) after "
                        "IterateNBatch(..., %u, %u, %s): batchA, batchB and "
                        "enSequentialWrite must be IterateNBatch's",
                        batchA, batchB, seq ? "true" : "false", nb_.batchA,
                        nb_.batchB, nb_.seq ? "true" : "false");
    if (nb_.cursor >= nb_.loops)
      mm_detail::faultf("argument", loc,
                        "Matmul::GetBatchTensorC called %u times after "
                        "IterateNBatch with batchLoop = %u",
                        nb_.cursor + 1, nb_.loops);
    clientTiling_ = client_ ? tilingOfClient_ : st_[0].t;
    elems = static_cast<uint64_t>(nb_.batch) * nb_.matElems;
    addr = batchAreaAddr(sub_) + nb_.cursor * elems * sizeof(DstT);
    ++nb_.cursor;
  }

  //===--------------------------------------------------------------------===//
  // Roles and messages
  //===--------------------------------------------------------------------===//

  void decideRole(Loc loc) {
    ::ascsim::MmRole r = ::ascsim::abi::mmRole();
    if (!r.aic && !r.hasAic)
      mm_detail::faultf("argument", loc,
                        "Matmul needs the cube unit, but this kernel is %s "
                        "(a vector-only kernel): declare it MIX_AIC_1_2 "
                        "(AIVs call the Matmul, the AIC serves it) or "
                        "AIC_ONLY (cube-only)",
                        ::ascsim::abi::mmKernelTypeName(r.kernelType));
    if (!roleKnown_) {
      client_ = !r.aic;
      sub_ = r.subBlockIdx;
      roleKnown_ = true;
    }
    if (client_ && !r.aic)
      return;
    if (!pipe_) {
      pipe_ = reinterpret_cast<TPipe *>(::ascsim::abi::currentPipe());
      if (!pipe_)
        mm_detail::fault("argument",
                         "Matmul::Init: no TPipe (create one and pass it to "
                         "REGIST_MATMUL_OBJ or Init)",
                         loc);
    }
  }
  /// An operand of CubeFormat::SCALAR is set with the scalar form.
  template <class TYPE>
  static void requireTensorFormat(const char *api, const char *what, Loc loc) {
    if constexpr (TYPE::format == CubeFormat::SCALAR)
      mm_detail::faultf("argument", loc,
                        "Matmul::%s: %s's MatmulType is CubeFormat::SCALAR: "
                        "pass the scalar value, not a tensor",
                        api, what);
  }
  /// A method the MatmulConfig compiles out (enableSetBias, ... false).
  static void requireEnabled(bool enabled, const char *field, const char *api,
                             Loc loc) {
    if (enabled)
      return;
    mm_detail::faultf("argument", loc,
                      "Matmul::%s: the MatmulConfig has %s = false, which "
                      "compiles %s out of the Matmul",
                      api, field, api);
  }
  void requireInit(const char *api, Loc loc) {
    if (!inited_)
      mm_detail::faultf("argument", loc,
                        "Matmul::%s before Init (call Init(&tiling) or pass "
                        "the tiling to REGIST_MATMUL_OBJ)",
                        api);
    requireNotEnded(api, "move End after", loc);
    checkOwedWait(api, loc);
  }
  /// End is the last call: `api` after it is an error saying what to do.
  void requireNotEnded(const char *api, const char *todo, Loc loc) const {
    if (ended_)
      mm_detail::faultf("argument", loc,
                        "Matmul::%s after End: End is the Matmul's last call "
                        "(in a MIX kernel the AIC stops serving this AIV at "
                        "End); %s the Matmul's last use",
                        api, todo);
  }
  /// The waitIterateBatch template flag of IterateBatch / IterateNBatch:
  /// true says the kernel waits for the asynchronous (sync = false) call
  /// with WaitIterateBatch. The next Matmul call (or End) before that
  /// WaitIterateBatch is an error; with sync = true the flag is refused.
  template <bool sync, bool waitIterateBatch>
  void noteWaitFlag(const char *api, Loc loc) {
    if constexpr (waitIterateBatch) {
      if constexpr (sync) {
        mm_detail::faultf("argument", loc,
                          "Matmul::%s: waitIterateBatch = true is for an "
                          "asynchronous %s (sync = false); a synchronous one "
                          "has finished when it returns",
                          api, api);
      } else {
        owedWait_ = true;
        owedApi_ = api;
        owedLoc_ = loc;
      }
    }
  }
  void checkOwedWait(const char *api, Loc loc) {
    if (!owedWait_)
      return;
    mm_detail::faultf("argument", loc,
                      "Matmul::%s: the %s<sync = false, waitIterateBatch = "
                      "true> at %s:%u was not waited for: with "
                      "waitIterateBatch = true, WaitIterateBatch comes "
                      "before the next Matmul call",
                      api, owedApi_, owedLoc_.file ? owedLoc_.file : "?",
                      owedLoc_.line);
  }
  template <class T>
  void setLocal(mm_detail::Op op, const LocalTensor<T> &t, bool trans,
                uint32_t part, const char *api, Loc loc) {
    const TPosition pos = static_cast<TPosition>(t.GetPosition());
    if (mm_detail::isUb(pos)) {
      if (!client_)
        mm_detail::faultf("argument", loc,
                          "Matmul::%s: a UB operand needs a MIX kernel (the "
                          "AIV's Unified Buffer); a cube core has none",
                          api);
      const uint64_t bytes = static_cast<uint64_t>(t.GetSize()) * sizeof(T);
      if (bytes % 32 != 0)
        mm_detail::faultf("argument", loc,
                          "Matmul::%s: the UB operand (%u elements) must be "
                          "a whole number of 32-byte blocks",
                          api, t.GetSize());
      requireWorkspace(nullptr, "a UB operand", loc);
      clientTiling_ = tilingOfClient_;
      const uint64_t addr = stageAddr(part);
      const uint64_t cap = part == 1   ? stageBytesA(clientTiling_)
                           : part == 2 ? stageBytesB(clientTiling_)
                                       : stageBytesBias(clientTiling_);
      if (cap == 0)
        mm_detail::faultf("argument", loc,
                          "Matmul::%s: a UB tensor for a bias whose "
                          "MatmulType is not in UB (VECIN, VECCALC or VECOUT)",
                          api);
      // A tensor larger than the tiling's single-core operand (a queue
      // buffer sized for the largest client, say) holds the operand at its
      // start: only that part is staged, as Ascend C copies by the tiling.
      const uint32_t elems =
          static_cast<uint32_t>(std::min<uint64_t>(bytes, cap) / sizeof(T));
      GlobalTensor<T> g;
      g.SetGlobalBuffer(reinterpret_cast<__gm__ T *>(addr), elems);
      // Whatever wrote the tensor (MTE2, V) completes before MTE3 reads it.
      PipeBarrier<PIPE_ALL>(loc);
      DataCopy(g, t, elems, loc);
      // The copy is in GM before the AIC reads it.
      SetFlag<HardEvent::MTE3_S>(0, loc);
      WaitFlag<HardEvent::MTE3_S>(0, loc);
      sendOrRun(op, {addr, elems, trans ? 1u : 0u, 0u, 0u, 1u}, loc);
      return;
    }
    if (pos == TPosition::TSCM || pos == TPosition::A1 ||
        pos == TPosition::B1 || (part == 3 && pos == TPosition::C1)) {
      if (client_)
        mm_detail::faultf("argument", loc,
                          "Matmul::%s: an L1 (TSCM) operand needs a "
                          "cube-only kernel (AIC_ONLY); in a MIX kernel pass "
                          "GM or UB",
                          api);
      // The user's writes into L1 (MTE2) complete before the loads.
      PipeBarrier<PIPE_ALL>(loc);
      sendOrRun(op,
                {static_cast<uint64_t>(t.GetPhyAddr()), t.GetSize(),
                 trans ? 1u : 0u, 0u, 0u, 2u},
                loc);
      return;
    }
    localOperand(api,
                 part == 1   ? "A"
                 : part == 2 ? "B"
                             : "bias",
                 t.GetPosition(), loc);
  }
  void localOperand(const char *api, const char *what, int32_t pos, Loc loc) {
    mm_detail::faultf("argument", loc,
                      "Matmul::%s: %s from a local tensor at position %d: "
                      "the Matmul takes GM, UB (VECIN/VECCALC/VECOUT, MIX "
                      "kernels) or L1 (TSCM, cube-only) operands",
                      api, what, pos);
  }
  mm_detail::Msg msg(mm_detail::Op op, Loc loc) const {
    mm_detail::Msg m{};
    m.op = static_cast<uint32_t>(op);
    m.obj = index_;
    m.file = loc.file;
    m.line = loc.line;
    return m;
  }
  void send(const mm_detail::Msg &m, Loc loc) {
    ::ascsim::abi::mmSend(0, &m, sizeof m, mm_detail::kMsgLatency, loc);
  }
  mm_detail::Reply await(Loc loc) {
    mm_detail::Reply r{};
    const mm_detail::Text what =
        mm_detail::textf("waits for the reply of Matmul object %u (flag %u)",
                         index_, 2 * index_ + sub_);
    ::ascsim::abi::mmReceive(&r, sizeof r, nullptr, what.str, loc);
    return r;
  }
  /// Awaits the reply of the oldest asynchronous request; a UB batch's
  /// reply copies the batch into its tensor, an IterateNBatch's records
  /// the sizes GetBatchTensorC reads.
  void awaitAsync(Loc loc) {
    mm_detail::Reply r = await(loc);
    --asyncPending_;
    using mm_detail::Op;
    if (r.v[7] == static_cast<int32_t>(Op::IterateBatchWs) && ubBatch_.active) {
      ubBatch_.active = false;
      copyBatchToUb(r, loc);
    } else if (r.v[7] == static_cast<int32_t>(Op::IterateNBatch) &&
               nb_.awaiting) {
      noteNBatch(r);
    }
  }
  mm_detail::Reply call(mm_detail::Msg &m, Loc loc) {
    // Replies of earlier asynchronous requests come first.
    while (asyncPending_ > 0)
      awaitAsync(loc);
    m.wantReply = 1;
    send(m, loc);
    return await(loc);
  }
  mm_detail::Msg msgWith(mm_detail::Op op, std::initializer_list<uint64_t> args,
                         Loc loc) {
    mm_detail::Msg m = msg(op, loc);
    size_t i = 0;
    for (uint64_t a : args)
      m.a[i++] = a;
    return m;
  }
  void sendOrRun(mm_detail::Op op, std::initializer_list<uint64_t> args,
                 Loc loc) {
    mm_detail::Msg m = msgWith(op, args, loc);
    if (client_)
      send(m, loc);
    else
      runSetter(st_[0], m, loc);
  }
  void runSetter(St &s, const mm_detail::Msg &m, Loc loc) {
    using mm_detail::Op;
    switch (static_cast<Op>(m.op)) {
    case Op::SetA:
      s.aScalar = m.a[3] != 0;
      s.aScalarBits = m.a[4];
      s.aAddr = m.a[0];
      s.aElems = m.a[1];
      s.transA = m.a[2] != 0 || A_TYPE::isTrans;
      s.aSet = true;
      s.aTight = m.a[5] == 1;
      s.aL1 = m.a[5] == 2;
      // A scalar A is its own transpose: its L1 tiles are filled in the
      // untransposed layout (fillScalar).
      if (s.aScalar)
        s.transA = false;

      invalidateL1(true);
      break;
    case Op::SetB:
      s.bScalar = m.a[3] != 0;
      s.bScalarBits = m.a[4];
      s.bAddr = m.a[0];
      s.bElems = m.a[1];
      s.transB = m.a[2] != 0 || B_TYPE::isTrans;
      s.bSet = true;
      s.bTight = m.a[5] == 1;
      s.bL1 = m.a[5] == 2;
      if (s.bScalar)
        s.transB = false;
      invalidateL1(false);
      break;
    case Op::SetBias:
      if (!kBiasOk)
        mm_detail::fault("dtype",
                         "Matmul::SetBias: the simulator's Matmul takes a "
                         "bias of the L0C type (float32 for float inputs, "
                         "int32 for int8) or, for float inputs, half or "
                         "bfloat16 (widened to float32 into the BiasTable)",
                         loc);
      s.biasAddr = m.a[0];
      s.biasElems = m.a[1];
      s.biasL1 = m.a[5] == 2;
      s.hasBias = true;
      break;
    case Op::DisableBias:
      s.hasBias = false;
      break;
    case Op::SetOrgShape:
      s.orgM = static_cast<int32_t>(m.a[0]);
      s.orgN = static_cast<int32_t>(m.a[1]);
      s.orgKa = static_cast<int32_t>(m.a[2]);
      s.orgKb = static_cast<int32_t>(m.a[3]);
      s.orgKc = static_cast<int32_t>(m.a[4]);
      invalidateL1(true);
      invalidateL1(false);
      break;
    case Op::SetWorkspace:
      workspace_ = reinterpret_cast<GM_ADDR>(m.a[0]);
      workspaceBytes_ = static_cast<int>(static_cast<int64_t>(m.a[1]));
      break;
    case Op::SetSingleShape:
      s.sM = static_cast<int32_t>(m.a[0]);
      s.sN = static_cast<int32_t>(m.a[1]);
      s.sK = static_cast<int32_t>(m.a[2]);
      resetIter(s, loc);
      break;
    case Op::SetTail: {
      const int32_t tm = static_cast<int32_t>(static_cast<int64_t>(m.a[0]));
      const int32_t tn = static_cast<int32_t>(static_cast<int64_t>(m.a[1]));
      const int32_t tk = static_cast<int32_t>(static_cast<int64_t>(m.a[2]));
      if (tm > 0)
        s.sM = tm;
      if (tn > 0)
        s.sN = tn;
      if (tk > 0)
        s.sK = tk;
      resetIter(s, loc);
      break;
    }
    case Op::SetBatchNum:
      s.batchA = static_cast<int32_t>(m.a[0]);
      s.batchB = static_cast<int32_t>(m.a[1]);
      break;
    case Op::SetQuantScalar:
      s.quantScalar = m.a[0];
      s.quant = 1;
      break;
    case Op::SetQuantVector:
      s.quantVecAddr = m.a[0];
      s.quantVecElems = m.a[1];
      s.quant = 2;
      break;
    case Op::SetSparseIndex:
      s.sparse = true;
      s.idxAddr = m.a[0];
      s.idxElems = m.a[1];
      // As SetTensorB: the index's bytes may be new at the same address
      // (the key names the index a tile was read with, not its contents).
      invalidateL1(false);
      break;
    case Op::SetHF32:
      s.hf32 = m.a[0] != 0;
      SetHF32Mode(s.hf32, loc);
      SetHF32TransMode(m.a[1] != 0, loc);
      break;
    default:
      mm_detail::fault("argument", "Matmul: unknown request", loc);
    }
  }

  //===--------------------------------------------------------------------===//
  // Init: the tiling check and the buffers
  //===--------------------------------------------------------------------===//

  [[noreturn]] static void misfit(const char *fields, const char *memory,
                                  uint64_t need, uint64_t have, Loc loc) {
    mm_detail::faultf("capacity", loc,
                      "Matmul tiling does not fit: TCubeTiling.%s needs %llu "
                      "bytes of %s, which has %llu bytes",
                      fields, static_cast<unsigned long long>(need), memory,
                      static_cast<unsigned long long>(have));
  }
  [[noreturn]] static void badField(const char *field, int32_t v,
                                    const char *why, Loc loc) {
    mm_detail::faultf("argument", loc, "Matmul tiling: TCubeTiling.%s = %d %s",
                      field, v, why);
  }

  /// The tile geometry a tiling gives.
  struct Geo {
    uint32_t m16, n16, kL0;    // L0 tile (aligned)
    uint32_t kChunkA, kChunkB; // K per L1 tile (elements, aligned)
    uint32_t nA1, nB1;         // L1 tiles (slots) of A and B, 1..kMaxL1Slots
    uint32_t pA, pB;           // part-loading event ids (0: whole tiles)
    uint32_t nA2, nB2, nC;     // L0 buffers
  };
  Geo geometry(const TCubeTiling &t) const {
    using mm_detail::alignUp;
    Geo g{};
    g.m16 = alignUp(static_cast<uint32_t>(t.baseM), kMAlign);
    g.n16 = alignUp(static_cast<uint32_t>(t.baseN), kNAlign);
    g.kL0 = alignUp(static_cast<uint32_t>(t.baseK), kKAlign);
    const uint32_t stepKa = t.stepKa > 0 ? t.stepKa : 1;
    const uint32_t stepKb = t.stepKb > 0 ? t.stepKb : 1;
    // The whole K in one L1 tile when stepK x baseK covers it.
    g.kChunkA = static_cast<uint32_t>(t.baseK) * stepKa;
    g.kChunkB = static_cast<uint32_t>(t.baseK) * stepKb;
    // depthA1 / stepKa tiles of A in L1 (at most kMaxL1Slots): with n
    // slots the next n - 1 tiles are copied while the held one is used.
    g.nA1 = std::min<uint32_t>(
        kMaxL1Slots,
        std::max<uint32_t>(1, static_cast<uint32_t>(std::max(t.depthA1, 1)) /
                                  stepKa));
    g.nB1 = std::min<uint32_t>(
        kMaxL1Slots,
        std::max<uint32_t>(1, static_cast<uint32_t>(std::max(t.depthB1, 1)) /
                                  stepKb));
    // A one-slot tile of 16-bit data several base K steps deep is copied
    // part by part (L1Ring). Then the event ids: each object of the
    // REGIST_MATMUL_OBJ gets an equal share of the 8 ids per event pair
    // (MTE2 -> MTE1 and back); deeper buffering gives way first.
    const uint32_t kL0 = g.kL0;
    auto parts = [&](uint32_t n, uint32_t chunk, bool two) {
      return two && n == 1 && chunk > kL0 ? kMaxL1Slots : 0u;
    };
    g.pA = parts(g.nA1, g.kChunkA, sizeof(SrcAT) == 2);
    g.pB = parts(g.nB1, g.kChunkB, sizeof(SrcBT) == 2);
    const uint32_t bias = t.isBias ? 1 : 0;
    // Several objects share one bias row (L0Share): its id counts once.
    const uint32_t budget = objects_ > 1 ? (8 - bias) / objects_ + bias : 8;
    auto fits = [&] {
      const uint32_t load = std::max(g.nA1, g.pA) + std::max(g.nB1, g.pB);
      const uint32_t free = g.nA1 + g.pA + g.nB1 + g.pB;
      return load + bias <= budget && free + bias <= budget;
    };
    for (int step = 0; !fits() && step < 8; ++step) {
      uint32_t &v = step == 0   ? g.pB
                    : step == 1 ? g.pA
                    : step == 2 ? g.nB1
                    : step == 3 ? g.nA1
                    : step == 4 ? g.pB
                    : step == 5 ? g.pA
                    : step == 6 ? g.nB1
                                : g.nA1;
      if (step == 4 || step == 5)
        v = 0; // whole tiles
      else if (v > 1)
        --v;
    }
    g.nA2 = t.dbL0A == 1 ? 1 : 2;
    g.nB2 = t.dbL0B == 1 ? 1 : 2;
    g.nC = t.dbL0C == 2 ? 2 : 1;
    return g;
  }

  void checkTiling(const TCubeTiling &t, Loc loc) {
    if (t.baseM <= 0)
      badField("baseM", t.baseM, "must be positive", loc);
    if (t.baseN <= 0)
      badField("baseN", t.baseN, "must be positive", loc);
    if (t.baseK <= 0)
      badField("baseK", t.baseK, "must be positive", loc);
    if (t.baseK % kC0A != 0)
      badField("baseK", t.baseK,
               mm_detail::textf("must be a multiple of %u (32 bytes of the "
                                "input type)",
                                kC0A)
                   .str,
               loc);
    if (t.singleCoreM <= 0)
      badField("singleCoreM", t.singleCoreM, "must be positive", loc);
    if (t.singleCoreN <= 0)
      badField("singleCoreN", t.singleCoreN, "must be positive", loc);
    if (t.singleCoreK <= 0)
      badField("singleCoreK", t.singleCoreK, "must be positive", loc);
    if (std::is_same_v<SrcBT, float> && !B_TYPE::isTrans && t.baseK % 16)
      badField("baseK", t.baseK,
               "must be a multiple of 16 for a float32 B that is not "
               "transposed (16 x 16 LoadDataWithTranspose blocks)",
               loc);
    const int32_t stepKa = t.stepKa > 0 ? t.stepKa : 1;
    const int32_t stepKb = t.stepKb > 0 ? t.stepKb : 1;
    if (t.depthA1 < stepKa * (t.stepM > 0 ? t.stepM : 1) || t.depthA1 <= 0)
      badField("depthA1", t.depthA1,
               "must hold stepM x stepKa base blocks (and be positive)", loc);
    if (t.depthB1 < stepKb * (t.stepN > 0 ? t.stepN : 1) || t.depthB1 <= 0)
      badField("depthB1", t.depthB1,
               "must hold stepN x stepKb base blocks (and be positive)", loc);
    const Geo g = geometry(t);
    const uint64_t aBase = static_cast<uint64_t>(g.m16) * g.kL0 * sizeof(SrcAT);
    const uint64_t bBase = static_cast<uint64_t>(g.n16) * g.kL0 * sizeof(SrcBT);
    const uint64_t l1 = static_cast<uint64_t>(t.depthA1) * aBase +
                        static_cast<uint64_t>(t.depthB1) * bBase +
                        (t.isBias ? g.n16 * sizeof(BiasL1T) : 0) +
                        (std::is_same_v<L0cT, int32_t> ? g.n16 * 8 : 0);
    if (l1 > mm_detail::kL1Bytes)
      misfit("depthA1 x baseM x baseK + depthB1 x baseN x baseK", "L1", l1,
             mm_detail::kL1Bytes, loc);
    const uint64_t l0a = aBase * g.nA2;
    if (l0a > mm_detail::kL0ABytes)
      misfit("baseM x baseK x dbL0A", "L0A", l0a, mm_detail::kL0ABytes, loc);
    const uint64_t l0b = bBase * g.nB2;
    if (l0b > mm_detail::kL0BBytes)
      misfit("baseN x baseK x dbL0B", "L0B", l0b, mm_detail::kL0BBytes, loc);
    const uint64_t l0c =
        static_cast<uint64_t>(g.m16) * g.n16 * sizeof(L0cT) * g.nC;
    if (l0c > mm_detail::kL0CBytes)
      misfit("baseM x baseN x dbL0C", "L0C", l0c, mm_detail::kL0CBytes, loc);
    if (t.isBias && g.n16 * sizeof(L0cT) > mm_detail::kBTBytes)
      misfit("baseN (isBias)", "the BiasTable (C2)", g.n16 * sizeof(L0cT),
             mm_detail::kBTBytes, loc);
  }

  /// GM and UB operands are ND; L1 (TSCM/A1/B1) operands are NZ.
  template <class TYPE, bool IsA>
  static void checkType(const char *what, Loc loc) {
    constexpr TPosition p = TYPE::pos;
    constexpr bool l1 =
        p == TPosition::TSCM || p == TPosition::A1 || p == TPosition::B1;
    constexpr bool ok = (p == TPosition::GM || mm_detail::isUb(p))
                            ? (TYPE::format == CubeFormat::ND ||
                               TYPE::format == CubeFormat::SCALAR ||
                               (TYPE::format == CubeFormat::VECTOR && IsA))
                        : l1 ? TYPE::format == CubeFormat::NZ
                             : false;
    if (!ok)
      mm_detail::faultf("argument", loc,
                        "Matmul: %s's MatmulType must be GM, "
                        "VECIN/VECCALC/VECOUT with CubeFormat::ND or SCALAR "
                        "(A also VECTOR), or TSCM with CubeFormat::NZ, in "
                        "the simulator's Matmul",
                        what);
  }
  void doInit(St &s, const TCubeTiling &t, Loc loc) {
    checkTiling(t, loc);
    checkType<A_TYPE, true>("A", loc);
    checkType<B_TYPE, false>("B", loc);
    if constexpr (C_TYPE::format != CubeFormat::ND &&
                  C_TYPE::format != CubeFormat::ND_ALIGN)
      mm_detail::fault("argument",
                       "Matmul: the simulator's Matmul writes C as "
                       "CubeFormat::ND or ND_ALIGN",
                       loc);
    s = St{};
    s.t = t;
    s.inited = true;
    s.orgM = t.M;
    s.orgN = t.N;
    s.orgKa = t.Ka;
    s.orgKb = t.Kb > 0 ? t.Kb : t.Ka;
    s.orgKc = t.N;
    s.sM = t.singleCoreM;
    s.sN = t.singleCoreN;
    s.sK = t.singleCoreK;
    s.hasBias = false;
    resetIter(s, loc);
    const Geo g = geometry(t);
    if (!buffers_) {
      geo_ = g;
      if (share_)
        checkShare(t, g, loc);
      ringInit(ringA_, g.nA1, g.m16 * mm_detail::alignUp(g.kChunkA, kKAlign),
               g.kL0, g.pA, loc);
      ringInit(ringB_, g.nB1, g.n16 * mm_detail::alignUp(g.kChunkB, kKAlign),
               g.kL0, g.pB, loc);
      if (share_) {
        shareL0(g, loc);
      } else {
        stageInit(stA2_, g.nA2, g.m16 * g.kL0, loc,
                  g.nA2 != g.nB2); // else oneL0Flag
        stageInit(stB2_, g.nB2, g.n16 * g.kL0, loc);
      }
      stageInit(stC_, g.nC, g.m16 * g.n16, loc);
      if (t.isBias && share_) {
        shareBias(g, loc);
      } else if (t.isBias) {
        stageInit(stBias1_, 1, g.n16, loc);
        stageInit(stBias2_, 1, g.n16, loc);
      }
      if (std::is_same_v<L0cT, int32_t>)
        stageInit(stQuant_, 1, g.n16 * 2, loc);
      buffers_ = true;
    } else if (g.m16 * mm_detail::alignUp(g.kChunkA, kKAlign) >
                   ringA_.slotElems ||
               g.n16 * mm_detail::alignUp(g.kChunkB, kKAlign) >
                   ringB_.slotElems ||
               g.m16 * g.kL0 > stA2_.elems || g.n16 * g.kL0 > stB2_.elems ||
               g.m16 * g.n16 > stC_.elems ||
               (t.isBias && (!stBias1_.ready || g.n16 > stBias1_.elems)) ||
               (std::is_same_v<L0cT, int32_t> && g.n16 * 2 > stQuant_.elems)) {
      mm_detail::fault("argument",
                       "Matmul::Init again with a tiling whose tiles are "
                       "larger than the first Init's: the buffers are "
                       "allocated once per Matmul object",
                       loc);
    }
    // Each client's blocks use the tile sizes of its own (latest) tiling;
    // the slot and buffer counts stay those of the first Init.
    stGeo_[&s - st_] = g;
  }

  /// The L1 and L0C bytes doInit allocates for tiling geometry `g`.
  uint64_t l1Bytes(const TCubeTiling &t, const Geo &g) const {
    using mm_detail::alignUp;
    return static_cast<uint64_t>(g.nA1) * g.m16 * alignUp(g.kChunkA, kKAlign) *
               sizeof(SrcAT) +
           static_cast<uint64_t>(g.nB1) * g.n16 * alignUp(g.kChunkB, kKAlign) *
               sizeof(SrcBT) +
           (std::is_same_v<L0cT, int32_t> ? g.n16 * 2 * sizeof(float) : 0);
  }
  /// Several objects of one REGIST_MATMUL_OBJ: L0A and L0B are shared, but
  /// each object keeps its L1 tiles and its L0C blocks, so theirs must fit
  /// together (the host solver gives each tiling the whole of both unless
  /// told otherwise).
  void checkShare(const TCubeTiling &t, const Geo &g, Loc loc) {
    uint64_t l1 = l1Bytes(t, g);
    const uint64_t l0c =
        static_cast<uint64_t>(g.m16) * g.n16 * sizeof(L0cT) * g.nC;
    auto refuse = [&](const char *memory, const char *fields, uint64_t need,
                      uint64_t before, uint64_t have, const char *arg) {
      mm_detail::faultf(
          "capacity", loc,
          "Matmul objects do not fit together: object %u's %s needs %llu "
          "bytes of %s after the %llu bytes of the objects registered before "
          "it, and %s has %llu bytes (each object keeps its own %s; L0A and "
          "L0B are shared): give each object's host tiling its share "
          "(MultiCoreMatmulTiling.set_buffer_space(%s), e.g. %llu bytes for "
          "each of %u objects) or smaller base blocks",
          index_, fields, static_cast<unsigned long long>(need), memory,
          static_cast<unsigned long long>(before), memory,
          static_cast<unsigned long long>(have), memory, arg,
          static_cast<unsigned long long>(have / objects_ / 64 * 64), objects_);
    };
    // The shared bias row (shareBias) counts once.
    if (t.isBias && !share_->biasReady)
      l1 += mm_detail::kBTBytes;
    if (share_->l1 + l1 > mm_detail::kL1Bytes)
      refuse("L1",
             "TCubeTiling.depthA1 x baseM x baseK + depthB1 x baseN x "
             "baseK",
             l1, share_->l1, mm_detail::kL1Bytes, "l1_size");
    if (share_->l0c + l0c > mm_detail::kL0CBytes)
      refuse("L0C", "TCubeTiling.baseM x baseN x dbL0C", l0c, share_->l0c,
             mm_detail::kL0CBytes, "l1_size, l0_c_size");
    share_->l1 += l1;
    share_->l0c += l0c;
  }
  /// This object's L0A / L0B stages in the objects' shared regions (the
  /// whole of each: every object's tiling was checked against them).
  void shareL0(const Geo &g, Loc loc) {
    mm_detail::L0Share &sh = *share_;
    if (!sh.ready) {
      pipe_->InitBuffer(sh.a, mm_detail::kL0ABytes, loc);
      pipe_->InitBuffer(sh.b, mm_detail::kL0BBytes, loc);
      for (uint32_t i = 0; i < 2; ++i) {
        sh.bDone[i] = pipe_->template AllocEventID<HardEvent::MTE1_M>(loc);
        sh.bFree[i] = pipe_->template AllocEventID<HardEvent::M_MTE1>(loc);
      }
      sh.ready = true;
    }
    // L0A's own ids only for an object whose L0A and L0B buffer counts
    // differ (else oneL0Flag: B's flags cover A's slots).
    if (g.nA2 != g.nB2 && !sh.idsA) {
      for (uint32_t i = 0; i < 2; ++i) {
        sh.aDone[i] = pipe_->template AllocEventID<HardEvent::MTE1_M>(loc);
        sh.aFree[i] = pipe_->template AllocEventID<HardEvent::M_MTE1>(loc);
      }
      sh.idsA = true;
    }
    useShared(stA2_, sh.a, g.nA2, g.m16 * g.kL0, sh.aDone, sh.aFree);
    useShared(stB2_, sh.b, g.nB2, g.n16 * g.kL0, sh.bDone, sh.bFree);
  }

  /// This object's bias stages in the objects' shared L1 row and BiasTable
  /// (each sized for the largest bias the BiasTable holds).
  void shareBias(const Geo &g, Loc loc) {
    mm_detail::L0Share &sh = *share_;
    if (!sh.biasReady) {
      pipe_->InitBuffer(sh.bias1, mm_detail::kBTBytes, loc);
      pipe_->InitBuffer(sh.bias2, mm_detail::kBTBytes, loc);
      sh.bias1Done[0] = pipe_->template AllocEventID<HardEvent::MTE2_MTE1>(loc);
      sh.bias1Free[0] = pipe_->template AllocEventID<HardEvent::MTE1_MTE2>(loc);
      sh.bias2Done[0] = pipe_->template AllocEventID<HardEvent::MTE1_M>(loc);
      sh.bias2Free[0] = pipe_->template AllocEventID<HardEvent::M_MTE1>(loc);
      sh.biasReady = true;
    }
    useShared(stBias1_, sh.bias1, 1, g.n16, sh.bias1Done, sh.bias1Free);
    useShared(stBias2_, sh.bias2, 1, g.n16, sh.bias2Done, sh.bias2Free);
  }
  template <class St_, class Buf>
  static void useShared(St_ &st, Buf &buf, uint32_t n, uint32_t elems,
                        const TEventID *done, const TEventID *free) {
    st.n = n;
    st.elems = elems;
    st.shared = &buf;
    for (uint32_t i = 0; i < n; ++i) {
      st.idDone[i] = done[i];
      st.idFree[i] = free[i];
    }
    st.ready = true;
  }

  /// With as many L0A as L0B buffers the two stages go in lockstep (both
  /// start at slot 0 after a drain and advance once a K step), so L0B's
  /// event pair covers L0A's slots too (computeBlock) and L0A takes no ids:
  /// two Matmul objects of one REGIST_MATMUL_OBJ with a bias (5 MTE1 -> M
  /// ids each) would need more than the TPipe's 8.
  bool oneL0Flag() const { return stA2_.n == stB2_.n; }
  /// Makes client `s`'s tile geometry the current one (a later Init, or
  /// the other AIV's, may have other base blocks or K chunks).
  void useGeo(const St &s) {
    const Geo &g = stGeo_[&s - st_];
    geo_.m16 = g.m16;
    geo_.n16 = g.n16;
    geo_.kL0 = g.kL0;
    geo_.kChunkA = g.kChunkA;
    geo_.kChunkB = g.kChunkB;
  }

  /// C1 -> C2 of `len` bias elements: a plain copy, or a half / bfloat16
  /// bias widened to float32 (len is a multiple of 16 then).
  static void biasToTable(const LocalTensor<L0cT> &bt,
                          const LocalTensor<BiasL1T> &b1, uint32_t len,
                          Loc loc) {
    if constexpr (kBiasWidened)
      DataCopy(bt, b1, DataCopyParams(1, static_cast<uint16_t>(len / 16), 0, 0),
               loc);
    else
      DataCopy(bt, b1, len, loc);
  }

  void resetIter(St &s, Loc loc) {
    const TCubeTiling &t = s.t;
    if (s.sM <= 0 || s.sN <= 0 || s.sK <= 0)
      mm_detail::fault("argument",
                       "Matmul: the single-core shape (SetSingleShape / "
                       "TCubeTiling.singleCoreM/N/K) must be positive",
                       loc);
    s.mBlocks = static_cast<int32_t>(mm_detail::ceilDiv(s.sM, t.baseM));
    s.nBlocks = static_cast<int32_t>(mm_detail::ceilDiv(s.sN, t.baseN));
    s.kSteps = static_cast<int32_t>(mm_detail::ceilDiv(s.sK, t.baseK));
    s.iter = -1;
    s.done = false;
  }

  //===--------------------------------------------------------------------===//
  // The engine: one base block = K loop of GM -> L1 -> L0 -> Mmad
  //===--------------------------------------------------------------------===//

  /// An L1 tile cache of one operand: the tile held (dequeued) and the one
  /// prefetched (enqueued, not yet dequeued).
  struct L1Key {
    uint64_t addr = 0;
    int32_t row = -1;   // M (A) or N (B) offset of the tile
    int32_t chunk = -1; // K chunk index
    int32_t rows = 0, ks = 0;
    // The layout: the K chunk of a tile and its rows aligned (a client
    // with another tiling lays out the same rows of K differently).
    uint32_t kc = 0, lead = 0;
    // Where the tile's rows lie in GM: the row stride (orgKa, or sK for a
    // staged UB operand and a batch matrix, changes without a new
    // SetTensorA: SetOrgShape, SetTail, IterateBatch) and the transpose.
    int32_t ld = 0;
    bool trans = false;
    // A sparse B's tile holds the stored values and their index (loadSparseB):
    // the index's address and row stride (N x 8 bytes a group of 64 of K),
    // 0 for a dense tile, so a tile read with another index is not hit.
    uint64_t idx = 0;
    int32_t idxLd = 0;
    bool operator==(const L1Key &o) const {
      return addr == o.addr && row == o.row && chunk == o.chunk &&
             rows == o.rows && ks == o.ks && kc == o.kc && lead == o.lead &&
             ld == o.ld && trans == o.trans && idx == o.idx && idxLd == o.idxLd;
    }
  };
  /// The most L1 tiles per operand (each slot takes two event ids).
  static constexpr uint32_t kMaxL1Slots = 3;
  /// The L1 tiles of one operand: one to kMaxL1Slots slots of a TBuf with fixed
  /// event ids per slot (MTE2 -> MTE1 after a load, MTE1 -> MTE2 when the
  /// slot is released), so every set of an id is followed by its wait
  /// before the next set, whatever the pipes' progress.
  template <class T, TPosition POS> struct L1Ring {
    TBuf<POS> buf;
    uint32_t n = 1, slotElems = 0;
    struct Slot {
      L1Key key;
      bool valid = false, loadPending = false, freePending = false;
      uint64_t stamp = 0; // when it was loaded (the victim is the oldest)
    } slot[kMaxL1Slots];
    TEventID idLoad[kMaxL1Slots] = {}, idFree[kMaxL1Slots] = {};
    uint64_t clock = 0;
    int32_t held = -1;
    // In the first pair (pairIt_): the tile of the pair's other block, kept
    // (not released) while this one is held, since the blocks take turns.
    int32_t other = -1;
    bool heldDone = false; // the pair's held tile is at its last K step
    bool ready = false;
    // Part loading (a one-slot ring of 16-bit data whose tile is several
    // base K steps deep): the tile is copied in parts of `partK` elements
    // of K as the K loop reaches them, part p flagged on idLoad[p % P]
    // (P = 2 or 3, Geo::pA/pB); MTE1 takes part p (waits its flag) and sets
    // idPart[p % P] so that MTE2 may flag part p + P on the same id. The
    // first Mmad then waits for one part of the tile, not the whole of it.
    uint32_t partIds = 0;  // P (0: no part loading); idLoad[1..P-1], idPart
    bool partMode = false; // slot 0 is being (or was) loaded by parts
    uint32_t partK = 0, nParts = 0, issued = 0, taken = 0;
    TEventID idPart[kMaxL1Slots] = {};
    bool partLoadPending[kMaxL1Slots] = {}; // idLoad[i] set, not waited
    bool partFreePending[kMaxL1Slots] = {}; // idPart[i] set, not waited
  };

  /// A buffer stage with fixed event ids per slot: the producer waits
  /// FREE before writing a slot and sets DONE after; the consumer waits
  /// DONE and sets FREE when done (round-robin slots).
  template <class T, TPosition POS, HardEvent DONE, HardEvent FREE>
  struct Stage {
    TBuf<POS> buf;
    TBuf<POS> *shared = nullptr; // the objects' L0A / L0B (L0Share)
    uint32_t n = 1, elems = 0, next = 0;
    bool ready = false;
    bool donePending[2] = {false, false}, freePending[2] = {false, false};
    bool busy[2] = {false, false}; // acquired, not yet released
    TEventID idDone[2] = {0, 0}, idFree[2] = {0, 0};
  };
  /// `ids` false: the stage's slots are synced by another stage's flags
  /// (L0A's by L0B's, see oneL0Flag), so it takes no event ids.
  template <class T, TPosition POS, HardEvent DONE, HardEvent FREE>
  void stageInit(Stage<T, POS, DONE, FREE> &st, uint32_t n, uint32_t elems,
                 Loc loc, bool ids = true) {
    st.n = n;
    st.elems = elems;
    pipe_->InitBuffer(st.buf, n * elems * sizeof(T), loc);
    for (uint32_t i = 0; i < n && ids; ++i) {
      st.idDone[i] = pipe_->template AllocEventID<DONE>(loc);
      st.idFree[i] = pipe_->template AllocEventID<FREE>(loc);
    }
    st.ready = true;
  }
  /// The next slot not in use (round robin), once its consumer has
  /// released it. (Two AIVs served by one AIC can each hold an L0C block.)
  template <class T, TPosition POS, HardEvent DONE, HardEvent FREE>
  LocalTensor<T> acquire(Stage<T, POS, DONE, FREE> &st, uint32_t &slot,
                         Loc loc) {
    uint32_t tries = 0;
    while (st.busy[st.next] && tries < st.n) {
      st.next = (st.next + 1) % st.n;
      ++tries;
    }
    if (st.busy[st.next])
      mm_detail::fault("argument",
                       "Matmul: every buffer of a stage is in use (an L0C "
                       "block per client is the most the AIC holds)",
                       loc);
    slot = st.next;
    st.next = (st.next + 1) % st.n;
    st.busy[slot] = true;
    if (st.freePending[slot]) {
      WaitFlag<FREE>(st.idFree[slot], loc);
      st.freePending[slot] = false;
    }
    LocalTensor<T> all = (st.shared ? *st.shared : st.buf).template Get<T>(loc);
    return all[slot * st.elems];
  }
  template <class T, TPosition POS, HardEvent DONE, HardEvent FREE>
  void produced(Stage<T, POS, DONE, FREE> &st, uint32_t slot, Loc loc) {
    SetFlag<DONE>(st.idDone[slot], loc);
    st.donePending[slot] = true;
  }
  template <class T, TPosition POS, HardEvent DONE, HardEvent FREE>
  void consume(Stage<T, POS, DONE, FREE> &st, uint32_t slot, Loc loc) {
    if (st.donePending[slot]) {
      WaitFlag<DONE>(st.idDone[slot], loc);
      st.donePending[slot] = false;
    }
  }
  template <class T, TPosition POS, HardEvent DONE, HardEvent FREE>
  void releaseSlot(Stage<T, POS, DONE, FREE> &st, uint32_t slot, Loc loc) {
    SetFlag<FREE>(st.idFree[slot], loc);
    st.freePending[slot] = true;
    st.busy[slot] = false;
  }
  template <class T, TPosition POS, HardEvent DONE, HardEvent FREE>
  void stageDrain(Stage<T, POS, DONE, FREE> &st, Loc loc) {
    if (!st.ready)
      return;
    for (uint32_t i = 0; i < st.n; ++i) {
      consume(st, i, loc);
      if (st.freePending[i]) {
        WaitFlag<FREE>(st.idFree[i], loc);
        st.freePending[i] = false;
      }
    }
    st.next = 0;
  }

  void invalidateL1(bool a) {
    // The tiles keep their data, but no later request may hit them.
    if (a) {
      for (auto &sl : ringA_.slot)
        sl.key = L1Key{};
    } else {
      for (auto &sl : ringB_.slot)
        sl.key = L1Key{};
    }
  }

  /// A scalar operand's L1 tile: InitConstValue (MTE1) fills `cols`
  /// fractal columns of `rows` 32-byte rows each with the value (8-bit
  /// values as 16-bit pairs: InitConstValue fills 16- and 32-bit elements).
  /// The padding takes the value too; the Mmad's k and the Fixpipe's m, n
  /// leave it out.
  /// InitConstValue runs in MTE1 like the LoadData reading the tile: a
  /// PIPE_MTE1 barrier orders it after the tile's last reads and before
  /// its next.
  template <class T>
  static void fillScalar(LocalTensor<T> &dst, uint64_t bits, uint32_t cols,
                         uint32_t rows, Loc loc) {
    PipeBarrier<PIPE_MTE1>(loc);
    fillConst(dst, bits, cols, rows, loc);
    PipeBarrier<PIPE_MTE1>(loc);
  }
  template <class T>
  static void fillConst(LocalTensor<T> &dst, uint64_t bits, uint32_t cols,
                        uint32_t rows, Loc loc) {
    if constexpr (sizeof(T) == 1) {
      LocalTensor<uint16_t> d16 = dst.template ReinterpretCast<uint16_t>();
      const uint16_t v = static_cast<uint16_t>((bits & 0xffu) * 0x0101u);
      InitConstValue(d16,
                     InitConstValueParams<uint16_t>(static_cast<uint16_t>(cols),
                                                    static_cast<uint16_t>(rows),
                                                    0, v),
                     loc);
    } else {
      T v;
      std::memcpy(&v, &bits, sizeof(T));
      InitConstValue(dst,
                     InitConstValueParams<T>(static_cast<uint16_t>(cols),
                                             static_cast<uint16_t>(rows), 0, v),
                     loc);
    }
  }

  /// GM -> L1 (ND -> NZ) of A rows [m0, m0+mLen) x K [k0, k0+kLen).
  void loadA(LocalTensor<SrcAT> &dst, const St &s, int32_t m0, int32_t mLen,
             int32_t k0, int32_t kLen, Loc loc, uint32_t kStride = 0) {
    if (s.aScalar) { // Nz: ceil(K / C0) columns of m16 rows
      fillScalar(
          dst, s.aScalarBits,
          mm_detail::ceilDiv(static_cast<uint32_t>(kLen), 32 / sizeof(SrcAT)),
          geo_.m16, loc);
      return;
    }
    GlobalTensor<SrcAT> g;
    g.SetGlobalBuffer(reinterpret_cast<__gm__ SrcAT *>(s.aAddr), s.aElems);
    Nd2NzParams p;
    p.ndNum = 1;
    p.srcNdMatrixStride = 0;
    p.dstNzNStride = 1;
    p.dstNzMatrixStride = 0;
    const int32_t lda = rowStrideA(s);
    if (!s.transA) { // A is M x K (row stride orgKa)
      p.nValue = static_cast<uint16_t>(mLen);
      p.dValue = static_cast<uint16_t>(kLen);
      p.srcDValue = static_cast<uint16_t>(lda);
      p.dstNzC0Stride = static_cast<uint16_t>(geo_.m16);
      DataCopy(dst, g[static_cast<uint64_t>(m0) * lda + k0], p, loc);
    } else { // A is K x M (row stride orgM)
      p.nValue = static_cast<uint16_t>(kLen);
      p.dValue = static_cast<uint16_t>(mLen);
      p.srcDValue = static_cast<uint16_t>(lda);
      p.dstNzC0Stride = static_cast<uint16_t>(
          kStride ? kStride
                  : mm_detail::alignUp(static_cast<uint32_t>(kLen), kKAlign));
      DataCopy(dst, g[static_cast<uint64_t>(k0) * lda + m0], p, loc);
    }
  }
  /// The GM row stride of A (B) as stored: a staged UB operand's rows are
  /// its single-core K (or M, N), a GM operand's the org shape's.
  static int32_t rowStrideA(const St &s) {
    return s.aTight ? (s.transA ? s.sM : s.sK) : (s.transA ? s.orgM : s.orgKa);
  }
  static int32_t rowStrideB(const St &s) {
    return s.bTight ? (s.transB ? s.sK : s.sN) : (s.transB ? s.orgKb : s.orgN);
  }
  /// GM -> L1 of B K [k0, k0+kLen) x N [n0, n0+nLen).
  void loadB(LocalTensor<SrcBT> &dst, const St &s, int32_t n0, int32_t nLen,
             int32_t k0, int32_t kLen, Loc loc, uint32_t kStride = 0) {
    if (s.bScalar) { // Nz: ceil(N / C0) columns of K (aligned) rows
      fillScalar(
          dst, s.bScalarBits,
          mm_detail::ceilDiv(static_cast<uint32_t>(nLen), 32 / sizeof(SrcBT)),
          mm_detail::alignUp(static_cast<uint32_t>(kLen), kKAlign), loc);
      return;
    }
    if (s.sparse) {
      loadSparseB(dst, s, n0, nLen, k0, kLen, loc);
      return;
    }
    GlobalTensor<SrcBT> g;
    g.SetGlobalBuffer(reinterpret_cast<__gm__ SrcBT *>(s.bAddr), s.bElems);
    Nd2NzParams p;
    p.ndNum = 1;
    p.srcNdMatrixStride = 0;
    p.dstNzNStride = 1;
    p.dstNzMatrixStride = 0;
    const int32_t ldb = rowStrideB(s);
    if (!s.transB) { // B is K x N (row stride orgN)
      p.nValue = static_cast<uint16_t>(kLen);
      p.dValue = static_cast<uint16_t>(nLen);
      p.srcDValue = static_cast<uint16_t>(ldb);
      p.dstNzC0Stride = static_cast<uint16_t>(
          kStride ? kStride
                  : mm_detail::alignUp(static_cast<uint32_t>(kLen), kKAlign));
      DataCopy(dst, g[static_cast<uint64_t>(k0) * ldb + n0], p, loc);
    } else { // B is N x K (row stride orgKb)
      p.nValue = static_cast<uint16_t>(nLen);
      p.dValue = static_cast<uint16_t>(kLen);
      p.srcDValue = static_cast<uint16_t>(ldb);
      p.dstNzC0Stride = static_cast<uint16_t>(geo_.n16);
      const uint64_t first = static_cast<uint64_t>(n0) * ldb + k0;
      if constexpr (std::is_same_v<SrcBT, int8_t>)
        hintSparse(s.bAddr + first,
                   (static_cast<uint64_t>(nLen) - 1) * ldb + kLen, loc);
      DataCopy(dst, g[first], p, loc);
    }
  }
  /// An int8 B given transposed is what a sparse B's stored half looks
  /// like (N x K/2): a Matmul that misses SetSparseIndex reads it as a
  /// dense N x K and runs past its end, so the bounds error says so.
  static void hintSparse(uint64_t addr, uint64_t bytes, Loc loc) {
    ::ascsim::abi::checkGmRead(
        "data_copy", addr, bytes, ::ascsim::DType::I8,
        "if B is the stored half of a 4:2 sparse B (N x K/2 int8, "
        "transposed), call SetSparseIndex (pyasc: "
        "mm.set_sparse_index(index_gm)) before Iterate / IterateAll: "
        "without it the Matmul is dense and reads N x K of B (sim/MATMUL.md "
        "\"Sparse B\")",
        loc);
  }

  /// Where a sparse B tile's index lies in its L1 slot: after the stored
  /// values (n16 rows x half the slot's K), so the slot, sized for a dense
  /// tile at Init, holds both (5/8 of it).
  uint32_t sparseIdxOffset() const {
    return geo_.n16 * mm_detail::alignUp(geo_.kChunkB, 64) / 2;
  }
  /// GM -> L1 of a sparse B tile, N [n0, n0+nLen) x dense K [k0, k0+kLen)
  /// (k0 a multiple of 64; sim/MATMUL.md "Sparse B"): the stored values
  /// (N x K/2 ND, rows of ceil(orgKb/4)*2) ND -> NZ with C0 = 32 stored
  /// values, which is the Zn of LoadDataWithSparse (fractal (k1', n1) at
  /// k1' * N1 + n1); then the index (ceil(K/64) x orgN x 8 bytes in GM),
  /// group g's nLen x 8 bytes to g * n16 * 8 of the index area, so that
  /// L1 fractal f has its 128 index bytes at 128 * f.
  void loadSparseB(LocalTensor<SrcBT> &dst, const St &s, int32_t n0,
                   int32_t nLen, int32_t k0, int32_t kLen, Loc loc) {
    const uint32_t n16 = geo_.n16;
    const int32_t ldStored = (s.orgKb + 3) / 4 * 2;
    const int32_t kStored = (kLen + 3) / 4 * 2;
    GlobalTensor<SrcBT> g;
    g.SetGlobalBuffer(reinterpret_cast<__gm__ SrcBT *>(s.bAddr), s.bElems);
    Nd2NzParams p(
        1, static_cast<uint16_t>(nLen), static_cast<uint16_t>(kStored), 0,
        static_cast<uint16_t>(ldStored), static_cast<uint16_t>(n16), 1, 0);
    DataCopy(dst, g[static_cast<uint64_t>(n0) * ldStored + k0 / 2], p, loc);
    const uint32_t groups =
        mm_detail::ceilDiv(static_cast<uint32_t>(kLen), 64u);
    const uint64_t first = (static_cast<uint64_t>(k0 / 64) * s.orgN + n0) * 8;
    const uint64_t end =
        (static_cast<uint64_t>(k0 / 64 + groups - 1) * s.orgN + n0 + nLen) * 8;
    if (end > s.idxElems)
      mm_detail::faultf("bounds", loc,
                        "Matmul: the sparse index (SetSparseIndex) holds "
                        "%llu bytes, but K [%d, %d) x N [%d, %d) of B needs "
                        "bytes up to %llu: the index of a sparse K x N B is "
                        "ceil(K/64) x N x 8 bytes (sim/MATMUL.md "
                        "\"Sparse B\")",
                        static_cast<unsigned long long>(s.idxElems), k0,
                        k0 + kLen, n0, n0 + nLen,
                        static_cast<unsigned long long>(end));
    GlobalTensor<uint8_t> gi;
    gi.SetGlobalBuffer(reinterpret_cast<__gm__ uint8_t *>(s.idxAddr),
                       s.idxElems);
    LocalTensor<uint8_t> idx =
        dst.template ReinterpretCast<uint8_t>()[sparseIdxOffset()];
    // One one-row ND -> NZ per group (ndNum): a row of nLen x 8 bytes lands
    // contiguous (dstNzC0Stride 1), the groups n16 x 8 bytes apart.
    Nd2NzParams q(
        static_cast<uint16_t>(groups), 1, static_cast<uint16_t>(nLen * 8),
        static_cast<uint16_t>(s.orgN * 8), static_cast<uint16_t>(nLen * 8), 1,
        1, static_cast<uint16_t>(n16 * 8));
    DataCopy(idx, gi[first], q, loc);
  }

  template <class T, TPosition POS>
  void ringInit(L1Ring<T, POS> &r, uint32_t n, uint32_t slotElems,
                uint32_t partK, uint32_t partIds, Loc loc) {
    r.n = n;
    r.slotElems = slotElems;
    pipe_->InitBuffer(r.buf, n * slotElems * sizeof(T), loc);
    for (uint32_t i = 0; i < n; ++i) {
      r.idLoad[i] = pipe_->template AllocEventID<HardEvent::MTE2_MTE1>(loc);
      r.idFree[i] = pipe_->template AllocEventID<HardEvent::MTE1_MTE2>(loc);
    }
    r.partK = partK;
    r.partIds = n == 1 ? partIds : 0;
    for (uint32_t i = 1; i < r.partIds; ++i)
      r.idLoad[i] = pipe_->template AllocEventID<HardEvent::MTE2_MTE1>(loc);
    for (uint32_t i = 0; i < r.partIds; ++i)
      r.idPart[i] = pipe_->template AllocEventID<HardEvent::MTE1_MTE2>(loc);
    r.ready = true;
  }
  template <class T, TPosition POS>
  LocalTensor<T> slotTensor(L1Ring<T, POS> &r, uint32_t i, Loc loc) {
    LocalTensor<T> all = r.buf.template Get<T>(loc);
    return all[i * r.slotElems];
  }
  /// MTE1 is done with slot i: MTE2 may overwrite it after the wait.
  template <class T, TPosition POS>
  void ringRelease(L1Ring<T, POS> &r, uint32_t i, Loc loc) {
    auto &sl = r.slot[i];
    if (!sl.valid || sl.freePending)
      return;
    if (sl.loadPending) { // a prefetch never used: MTE1 consumes its flag
      WaitFlag<HardEvent::MTE2_MTE1>(r.idLoad[i], loc);
      sl.loadPending = false;
    }
    if (r.partMode) { // parts copied but not taken: MTE1 consumes them
      for (uint32_t j = 0; j < r.partIds; ++j)
        if (r.partLoadPending[j]) {
          WaitFlag<HardEvent::MTE2_MTE1>(r.idLoad[j], loc);
          r.partLoadPending[j] = false;
        }
      if (r.issued < r.nParts) // an incomplete tile is not reused
        sl.key = L1Key{};
      r.partMode = false;
    }
    SetFlag<HardEvent::MTE1_MTE2>(r.idFree[i], loc);
    sl.freePending = true;
  }
  template <bool IsA, class T, TPosition POS>
  void ringLoad(L1Ring<T, POS> &r, uint32_t i, const St &s, const L1Key &k,
                Loc loc) {
    auto &sl = r.slot[i];
    if (sl.valid && !sl.freePending)
      ringRelease(r, i, loc);
    if (sl.freePending) {
      WaitFlag<HardEvent::MTE1_MTE2>(r.idFree[i], loc);
      sl.freePending = false;
    }
    if (r.partIds && i == 0 && static_cast<uint32_t>(k.ks) > geo_.kL0 &&
        !(IsA ? s.aScalar : s.bScalar)) {
      // Copied part by part as the K loop reaches it (partIssue), one base
      // K step of this tile's tiling a part.
      r.partMode = true;
      r.partK = geo_.kL0;
      r.nParts = mm_detail::ceilDiv(static_cast<uint32_t>(k.ks), r.partK);
      r.issued = r.taken = 0;
      sl.valid = true;
      sl.key = k;
      return;
    }
    LocalTensor<T> t = slotTensor(r, i, loc);
    if constexpr (IsA)
      loadA(t, s, k.row, k.rows, k.chunk * static_cast<int32_t>(chunkA_), k.ks,
            loc);
    else
      loadB(t, s, k.row, k.rows, k.chunk * static_cast<int32_t>(chunkB_), k.ks,
            loc);
    SetFlag<HardEvent::MTE2_MTE1>(r.idLoad[i], loc);
    sl.loadPending = true;
    sl.valid = true;
    sl.key = k;
    sl.stamp = ++r.clock;
  }
  /// The slot a new tile goes into: not the held one (nor the pair's
  /// other), none holding one of `keep` (the tiles about to be used); an
  /// empty one, else the oldest.
  template <class T, TPosition POS>
  uint32_t victim(const L1Ring<T, POS> &r, const L1Key *keep,
                  uint32_t nKeep) const {
    int32_t best = -1;
    for (uint32_t i = 0; i < r.n; ++i) {
      if (static_cast<int32_t>(i) == r.held ||
          static_cast<int32_t>(i) == r.other)
        continue;
      const auto &sl = r.slot[i];
      bool kept = false;
      for (uint32_t j = 0; j < nKeep && sl.valid; ++j)
        kept = kept || sl.key == keep[j];
      if (kept)
        continue;
      if (!sl.valid)
        return i;
      if (best < 0 || sl.stamp < r.slot[best].stamp)
        best = static_cast<int32_t>(i);
    }
    return best >= 0 ? static_cast<uint32_t>(best) : 0;
  }
  /// Makes the L1 tile `key` the held one (loading it unless a slot has
  /// it).
  template <bool IsA, class T, TPosition POS>
  LocalTensor<T> ensure(L1Ring<T, POS> &r, const St &s, const L1Key &key,
                        Loc loc) {
    int32_t hit = -1;
    for (uint32_t i = 0; i < r.n; ++i)
      if (r.slot[i].valid && r.slot[i].key == key)
        hit = static_cast<int32_t>(i);
    const bool pair = pairIt_ >= 0;
    if (pair && hit != r.held && hit != r.other && r.other >= 0) {
      // A pair's block moves to its next tile: its previous one is done
      // (the other block's, held, is kept).
      ringRelease(r, static_cast<uint32_t>(r.other), loc);
      r.other = -1;
    }
    if (hit < 0) {
      const uint32_t i = victim(r, nullptr, 0);
      ringLoad<IsA>(r, i, s, key, loc);
      hit = static_cast<int32_t>(i);
    }
    if (pair && r.held != hit && !r.heldDone) {
      r.other = r.held; // kept for its block's next turn
    } else if (r.held >= 0 && r.held != hit) {
      ringRelease(r, static_cast<uint32_t>(r.held), loc);
    }
    auto &sl = r.slot[hit];
    if (sl.freePending) {
      // Released but not overwritten: take it back (its free flag is
      // consumed here, in MTE2, so the next load does not wait twice).
      // MTE1 then waits for MTE2 to have taken it: else MTE1, running
      // ahead, could release the slot again (set the free id) before MTE2
      // has consumed the first set.
      WaitFlag<HardEvent::MTE1_MTE2>(r.idFree[hit], loc);
      sl.freePending = false;
      SetFlag<HardEvent::MTE2_MTE1>(r.idLoad[hit], loc);
      sl.loadPending = true;
    }
    if (sl.loadPending) {
      WaitFlag<HardEvent::MTE2_MTE1>(r.idLoad[hit], loc);
      sl.loadPending = false;
    }
    r.held = hit;
    r.heldDone = false;
    return slotTensor(r, static_cast<uint32_t>(hit), loc);
  }
  /// The end of the first pair: the tile kept for its other block is done.
  template <class T, TPosition POS> void pairDone(L1Ring<T, POS> &r, Loc loc) {
    if (r.other >= 0)
      ringRelease(r, static_cast<uint32_t>(r.other), loc);
    r.other = -1;
  }
  /// With n slots, copies the next n - 1 tiles (`next`, in the order they
  /// will be used) into the slots not held. computeBlock issues both
  /// operands' current tiles first and then both prefetches, so the first
  /// Mmad waits for one tile of A and one of B, not for A's prefetch too.
  template <bool IsA, class T, TPosition POS>
  void prefetch(L1Ring<T, POS> &r, const St &s, const L1Key *next,
                uint32_t count, Loc loc) {
    if (r.n < 2 || r.held < 0)
      return;
    // The slots not held (nor kept for the pair's other block).
    count = std::min(count, r.n - 1 - (r.other >= 0 ? 1 : 0));
    for (uint32_t j = 0; j < count; ++j) {
      bool present = false;
      for (uint32_t i = 0; i < r.n; ++i)
        present = present || (r.slot[i].valid && r.slot[i].key == next[j]);
      if (!present)
        ringLoad<IsA>(r, victim(r, next, count), s, next[j], loc);
    }
  }
  /// The L1 tile of A (IsA) or B at M (N) offset `row`, K chunk `ch`.
  template <bool IsA>
  L1Key tileKey(const St &s, int32_t row, int32_t ch) const {
    const TCubeTiling &t = s.t;
    const int32_t chunk = static_cast<int32_t>(IsA ? chunkA_ : chunkB_);
    L1Key k;
    k.addr = IsA ? s.aAddr : s.bAddr;
    k.row = row;
    k.chunk = ch;
    k.rows =
        IsA ? std::min(t.baseM, s.sM - row) : std::min(t.baseN, s.sN - row);
    k.ks = std::min(chunk, s.sK - ch * chunk);
    k.kc = static_cast<uint32_t>(chunk);
    k.lead = IsA ? geo_.m16 : geo_.n16;
    k.ld = IsA ? rowStrideA(s) : rowStrideB(s);
    k.trans = IsA ? s.transA : s.transB;
    if (!IsA && s.sparse) {
      k.idx = s.idxAddr;
      k.idxLd = s.orgN;
    }
    return k;
  }
  /// The L1 tile of A (IsA) or B that chunk `ch` of block `it` uses.
  template <bool IsA> L1Key keyOf(const St &s, int32_t it, int32_t ch) const {
    int32_t mi, ni;
    blockOf(s, it, mi, ni);
    return tileKey<IsA>(s, IsA ? mi * s.t.baseM : ni * s.t.baseN, ch);
  }
  /// The next (at most `max`) tiles of A or B after chunk `ch` (K step
  /// `step`) of block `it`, each once, in the order the blocks use them (a
  /// tile that stays over several blocks is not repeated; at most 64 blocks
  /// ahead).
  template <bool IsA>
  uint32_t futureKeys(const St &s, int32_t it, int32_t ch, int32_t step,
                      L1Key *out, uint32_t max) const {
    const int32_t total = s.mBlocks * s.nBlocks;
    const int32_t chunk = static_cast<int32_t>(IsA ? chunkA_ : chunkB_);
    const int32_t chunks = (s.sK + chunk - 1) / chunk;
    const int32_t steps = (s.sK + s.t.baseK - 1) / s.t.baseK;
    const L1Key cur = keyOf<IsA>(s, it, ch);
    uint32_t n = 0;
    int32_t b = it, c = ch, st = step, scanned = 0;
    // The (block, chunk) after (b, c): a pair (pairIt_) goes K step by K
    // step, each step of its first block then of its second, so a tile of
    // several steps is used again by its block after the other block's
    // (it must not be the other block's victim).
    auto advance = [&] {
      if (pairIt_ >= 0 && (b == pairIt_ || b == pairIt_ + 1)) {
        if (b == pairIt_) {
          ++b;
        } else if (st + 1 < steps) {
          --b;
          ++st;
        } else {
          ++b;
          st = 0;
          ++scanned;
        }
        c = st * s.t.baseK / chunk;
        return;
      }
      if (++c >= chunks) {
        ++b;
        c = 0;
        ++scanned;
      }
    };
    advance();
    while (n < max && b < total && scanned <= 64) {
      const L1Key k = keyOf<IsA>(s, b, c);
      advance();
      bool seen = k == cur;
      for (uint32_t j = 0; j < n && !seen; ++j)
        seen = out[j] == k;
      if (!seen)
        out[n++] = k;
    }
    return n;
  }
  /// Part loading: copies the parts of the held tile up to part `upto`
  /// (at most P ahead of the last part MTE1 took).
  template <bool IsA, class T, TPosition POS>
  void partIssue(L1Ring<T, POS> &r, const St &s, uint32_t upto, Loc loc) {
    if (!r.partMode)
      return;
    const L1Key &k = r.slot[0].key;
    while (r.issued < r.nParts && r.issued <= upto &&
           r.issued < r.taken + r.partIds) {
      const uint32_t q = r.issued, i = q % r.partIds;
      if (r.partFreePending[i]) {
        WaitFlag<HardEvent::MTE1_MTE2>(r.idPart[i], loc);
        r.partFreePending[i] = false;
      }
      const int32_t k0 = static_cast<int32_t>(q * r.partK);
      const int32_t kLen = std::min(static_cast<int32_t>(r.partK), k.ks - k0);
      const uint32_t kAll =
          mm_detail::alignUp(static_cast<uint32_t>(k.ks), kKAlign);
      LocalTensor<T> t = slotTensor(r, 0, loc);
      if constexpr (IsA) {
        // Nz of M x K: K column blocks of m16 rows; of K x M (transposed):
        // M column blocks of the whole K's rows.
        LocalTensor<T> d = s.transA ? t[static_cast<uint32_t>(k0) * kC0A]
                                    : t[static_cast<uint32_t>(k0) * geo_.m16];
        loadA(d, s, k.row, k.rows, k.chunk * static_cast<int32_t>(chunkA_) + k0,
              kLen, loc, kAll);
      } else {
        LocalTensor<T> d = s.transB ? t[static_cast<uint32_t>(k0) * geo_.n16]
                                    : t[static_cast<uint32_t>(k0) * kC0B];
        loadB(d, s, k.row, k.rows, k.chunk * static_cast<int32_t>(chunkB_) + k0,
              kLen, loc, kAll);
      }
      SetFlag<HardEvent::MTE2_MTE1>(r.idLoad[i], loc);
      r.partLoadPending[i] = true;
      ++r.issued;
    }
  }
  /// Part loading: MTE1 takes the parts up to `upto` (waits their flags).
  template <class T, TPosition POS>
  void partTake(L1Ring<T, POS> &r, uint32_t upto, Loc loc) {
    if (!r.partMode)
      return;
    while (r.taken < r.issued && r.taken <= upto) {
      const uint32_t i = r.taken % r.partIds;
      WaitFlag<HardEvent::MTE2_MTE1>(r.idLoad[i], loc);
      r.partLoadPending[i] = false;
      SetFlag<HardEvent::MTE1_MTE2>(r.idPart[i], loc);
      r.partFreePending[i] = true;
      ++r.taken;
    }
  }
  /// Consumes every pending flag of the ring (End, the destructor).
  template <class T, TPosition POS> void ringDrain(L1Ring<T, POS> &r, Loc loc) {
    if (!r.ready)
      return;
    for (uint32_t i = 0; i < r.n; ++i) {
      auto &sl = r.slot[i];
      if (sl.loadPending)
        WaitFlag<HardEvent::MTE2_MTE1>(r.idLoad[i], loc);
      if (sl.freePending)
        WaitFlag<HardEvent::MTE1_MTE2>(r.idFree[i], loc);
      sl = typename L1Ring<T, POS>::Slot{};
    }
    for (uint32_t j = 0; j < r.partIds; ++j) {
      if (r.partLoadPending[j])
        WaitFlag<HardEvent::MTE2_MTE1>(r.idLoad[j], loc);
      if (r.partFreePending[j])
        WaitFlag<HardEvent::MTE1_MTE2>(r.idPart[j], loc);
      r.partLoadPending[j] = r.partFreePending[j] = false;
    }
    r.partMode = false;
    r.held = r.other = -1;
  }

  /// The block order: (mi, ni) of block number `it`.
  void blockOf(const St &s, int32_t it, int32_t &mi, int32_t &ni) const {
    const bool orderN =
        s.t.iterateOrder == 1 || kCfg.iterateOrder == IterateOrder::ORDER_N;
    if (!orderN) { // ORDER_M: M moves first
      mi = it % s.mBlocks;
      ni = it / s.mBlocks;
    } else {
      ni = it % s.nBlocks;
      mi = it / s.nBlocks;
    }
  }

  bool doIterate(St &s, bool enPartialSum, Loc loc, bool pairOk = false) {
    if (!s.inited)
      mm_detail::fault("argument", "Matmul::Iterate before Init", loc);
    if (!s.aSet || !s.bSet)
      mm_detail::fault("argument",
                       "Matmul::Iterate before SetTensorA and SetTensorB", loc);
    if (s.pendingC && !enPartialSum)
      mm_detail::fault("argument",
                       "Matmul::Iterate: the previous block was not fetched "
                       "(call GetTensorC after every Iterate)",
                       loc);
    useGeo(s);
    if (s.transA)
      checkTransA(s, loc);
    if (s.sparse)
      checkSparse(s, loc);
    if constexpr (A_TYPE::format == CubeFormat::VECTOR)
      if (s.sM != 1)
        mm_detail::faultf("argument", loc,
                          "Matmul: A's MatmulType is CubeFormat::VECTOR (one "
                          "row of K), but the single-core M is %d (it must "
                          "be 1)",
                          s.sM);
    if (s.done)
      return false;
    const int32_t total = s.mBlocks * s.nBlocks;
    if (s.iter + 1 >= total) {
      s.iter = -1; // the next Iterate starts over
      return false;
    }
    ++s.iter;
    int32_t mi, ni;
    blockOf(s, s.iter, mi, ni);
    int32_t nmi = -1, nni = -1;
    if (s.iter + 1 < total)
      blockOf(s, s.iter + 1, nmi, nni);
    const bool pair = pairOk && !enPartialSum && pairStart(s, mi, ni, nmi, nni);
    pairIt_ = pair ? s.iter : -1;
    computeBlock(s, mi, ni, nmi, nni, enPartialSum && s.pendingC,
                 kCfg.enUnitFlag && !enPartialSum, loc, pair, nmi, nni);
    pairIt_ = -1;
    if (pair)
      ++s.iter; // the second block is computed too
    return true;
  }

  /// Whether the first two blocks of an IterateAll are computed as a pair:
  /// their K loops interleaved step by step, each block in its own L0C
  /// buffer (dbL0C 2), when they share the operand whose whole-K tile
  /// stays in L1 (A with ORDER_N, B with ORDER_M). The first block alone
  /// must wait for that whole panel and its other operand's tiles (MTE2
  /// bound: its copies outlast its Mmads); the pair computes two blocks
  /// from the one panel while it arrives. Later blocks reuse the panel and
  /// are computed one at a time, so each Fixpipe overlaps the next block.
  bool pairStart(const St &s, int32_t mi, int32_t ni, int32_t nmi,
                 int32_t nni) const {
    if (s.iter != 0 || nmi < 0 || s.hasBias || stC_.n < 2 || stC_.busy[0] ||
        stC_.busy[1] || s.pendingC)
      return false;
    // The other operand's two blocks alternate each K step: they need two
    // L1 tiles (or the user's L1 tensor).
    if (mi == nmi) // ORDER_N: A's whole K stays
      return !s.aL1 && geo_.kChunkA >= static_cast<uint32_t>(s.sK) &&
             (s.bL1 || ringB_.n >= 2);
    if (ni == nni) // ORDER_M: B's whole K stays
      return !s.bL1 && geo_.kChunkB >= static_cast<uint32_t>(s.sK) &&
             (s.aL1 || ringA_.n >= 2);
    return false;
  }

  /// What the sparse path (sim/MATMUL.md "Sparse B") needs: B from GM as
  /// its stored half transposed (N x K/2, ND -> NZ gives the Zn fractals
  /// LoadDataWithSparse moves as they are), whole 64-deep K steps (one
  /// fractal row of stored values each) and no bias (MmadWithSparse has
  /// none).
  void checkSparse(const St &s, Loc loc) const {
    auto refuse = [&](const char *why) {
      mm_detail::faultf("argument", loc,
                        "Matmul with SetSparseIndex (a 4:2 sparse B): %s "
                        "(sim/MATMUL.md \"Sparse B\")",
                        why);
    };
    if (s.bScalar || s.bTight || s.bL1)
      refuse("B must be a GlobalTensor in GM (its stored half), not a "
             "scalar, UB or L1 tensor");
    if (!s.transB)
      refuse("B is given as its stored half transposed, N x K/2: declare "
             "B's MatmulType with isTrans = true or pass isTransposeB = "
             "true to SetTensorB");
    if (s.hasBias)
      refuse("MmadWithSparse adds no bias; call DisableBias (or add the "
             "bias to C afterwards)");
    if (s.t.baseK % 64)
      refuse(mm_detail::textf("TCubeTiling.baseK = %d must be a multiple of "
                              "64 (one fractal of stored values covers 64 "
                              "of K; the host tiling with set_sparse(True) "
                              "chooses one)",
                              s.t.baseK)
                 .str);
  }

  /// A transposed A (K x M) is loaded with transposing LoadData blocks:
  /// 16 x 16 of float32 (baseK a multiple of 16), 32 x 32 of int8 (the A
  /// tiles' M aligned to 32: MatmulType isTrans, or baseM a multiple of 32).
  void checkTransA(const St &s, Loc loc) const {
    if (std::is_same_v<SrcAT, float> && s.t.baseK % 16)
      badField("baseK", s.t.baseK,
               "must be a multiple of 16 for a transposed float32 A (16 x "
               "16 LoadDataWithTranspose blocks)",
               loc);
    if (sizeof(SrcAT) == 1 && geo_.m16 % 32)
      badField("baseM", s.t.baseM,
               "must be a multiple of 32 for an int8 A transposed at "
               "SetTensorA whose MatmulType is not isTrans (32 x 32 "
               "LoadDataWithTranspose blocks; isTrans aligns the tiles)",
               loc);
  }

  /// Computes block (mi, ni) — with `pair`, also block (mi2, ni2) of the
  /// next iteration, their K loops interleaved step by step (each in its
  /// own L0C buffer): see pairStart.
  void computeBlock(St &s, int32_t mi, int32_t ni, int32_t nmi, int32_t nni,
                    bool accumulate, bool unitFlags, Loc loc, bool pair = false,
                    int32_t mi2 = -1, int32_t ni2 = -1) {
    const TCubeTiling &t = s.t;
    const int32_t nb = pair ? 2 : 1;
    const int32_t mis[2] = {mi, mi2}, nis[2] = {ni, ni2};
    int32_t m0[2], n0[2], mLen[2], nLen[2];
    for (int32_t j = 0; j < nb; ++j) {
      m0[j] = mis[j] * t.baseM;
      n0[j] = nis[j] * t.baseN;
      mLen[j] = std::min(t.baseM, s.sM - m0[j]);
      nLen[j] = std::min(t.baseN, s.sN - n0[j]);
    }
    const Geo &g = geo_;
    const int32_t K = s.sK;
    const int32_t baseK = t.baseK;
    // The K chunk of one L1 tile: the whole K when the tiling's stepKa x
    // baseK covers it (the tile then stays in L1 across blocks).
    chunkA_ = g.kChunkA;
    chunkB_ = g.kChunkB;
    (void)nmi; // the prefetches look further ahead (futureKeys)
    (void)nni;
    auto keyA = [&](int32_t m, int32_t ch) { return tileKey<true>(s, m, ch); };
    auto keyB = [&](int32_t n, int32_t ch) { return tileKey<false>(s, n, ch); };
    claimShared(loc);
    // Bias of this block: GM -> L1 (C1) -> BiasTable (C2). (A pair has no
    // bias: pairStart.)
    LocalTensor<L0cT> bt;
    const bool bias = s.hasBias && !accumulate;
    if (bias) {
      if (!t.isBias)
        mm_detail::fault("argument",
                         "Matmul::SetBias with a tiling whose isBias is 0 "
                         "(the tiling has no room for the bias)",
                         loc);
      // Elements of the L1 source: 32 bytes of it (a half / bfloat16 one
      // widens to 64 bytes of the BiasTable).
      const uint32_t btLen = mm_detail::alignUp(static_cast<uint32_t>(nLen[0]),
                                                32 / sizeof(BiasL1T));
      uint32_t sbt = 0;
      if (s.biasL1) {
        // The user's L1 bias (its writes completed at SetBias): C1 -> C2.
        LocalTensor<BiasL1T> b1 = mm_detail::viewOf<BiasL1T>(
            TPosition::C1, static_cast<uint32_t>(s.biasAddr),
            static_cast<uint32_t>(s.biasElems));
        if (static_cast<uint64_t>(n0[0]) + biasBatchOff_ + btLen > s.biasElems)
          mm_detail::fault("bounds",
                           "Matmul::SetBias: the L1 bias tensor is shorter "
                           "than the single-core N (rounded up to 32 bytes)",
                           loc);
        bt = acquire(stBias2_, sbt, loc);
        biasToTable(bt, b1[n0[0] + biasBatchOff_], btLen, loc);
      } else {
        GlobalTensor<BiasL1T> gb;
        gb.SetGlobalBuffer(reinterpret_cast<__gm__ BiasL1T *>(s.biasAddr),
                           s.biasElems);
        uint32_t sb1 = 0;
        LocalTensor<BiasL1T> b1 = acquire(stBias1_, sb1, loc);
        Nd2NzParams p(1, 1, static_cast<uint16_t>(nLen[0]), 0,
                      static_cast<uint16_t>(nLen[0]), 1, 1, 0);
        DataCopy(b1, gb[n0[0] + biasBatchOff_], p, loc);
        produced(stBias1_, sb1, loc);
        consume(stBias1_, sb1, loc);
        bt = acquire(stBias2_, sbt, loc);
        biasToTable(bt, b1, btLen, loc);
        releaseSlot(stBias1_, sb1, loc);
      }
      produced(stBias2_, sbt, loc);
      consume(stBias2_, sbt, loc);
    }
    // Each block's L0C buffer and sync.
    LocalTensor<L0cT> c1[2];
    uint32_t cSlot[2] = {0, 0};
    bool unitC[2] = {false, false};
    for (int32_t j = 0; j < nb; ++j) {
      if (!accumulate) {
        // Unit flags (sim/CUBE.md "UnitFlag") when the Fixpipe reads every
        // 512-B block (8 rows of a 16-column panel) the Mmads write (whole
        // 16 x 16 fractals): M a multiple of 16, no N padding beyond the
        // 16-column panel. (Ascend C's Matmul: the K loop's Mmads 2, the
        // last 3, the Fixpipe 3.)
        unitC[j] =
            unitFlags && mLen[j] % 16 == 0 &&
            mm_detail::alignUp(static_cast<uint32_t>(nLen[j]), 16) ==
                mm_detail::alignUp(static_cast<uint32_t>(nLen[j]), kNAlign);
        c1[j] = acquire(stC_, cSlot[j], loc);
        if (!unitC[j] && cUnitFree_[cSlot[j]]) {
          // The slot's last Fixpipe released it by its unit flag: this
          // block's Mmads wait for it by the slot's FIX_M id.
          SetFlag<HardEvent::FIX_M>(stC_.idFree[cSlot[j]], loc);
          WaitFlag<HardEvent::FIX_M>(stC_.idFree[cSlot[j]], loc);
        }
        cUnitFree_[cSlot[j]] = false;
      } else {
        c1[j] = s.c1;
        cSlot[j] = s.cSlot;
        unitC[j] = s.unitC;
      }
    }
    if (!accumulate) {
      s.cFlagged = false;
    } else if (s.unitC) {
      s.cFlagged = true;
    }
    const int32_t kSteps = static_cast<int32_t>(mm_detail::ceilDiv(K, baseK));
    uint32_t m1[2], n1[2];
    bool smallMmad[2];
    for (int32_t j = 0; j < nb; ++j) {
      m1[j] = mm_detail::ceilDiv(mLen[j], 16);
      n1[j] = mm_detail::alignUp(static_cast<uint32_t>(nLen[j]), kNAlign) / 16;
      smallMmad[j] = m1[j] * mm_detail::ceilDiv(nLen[j], 16) < 10;
    }
    for (int32_t ks = 0; ks < kSteps; ++ks) {
      const int32_t k0 = ks * baseK;
      const int32_t kLen = std::min(baseK, K - k0);
      const int32_t cha = k0 / static_cast<int32_t>(chunkA_);
      const int32_t chb = k0 / static_cast<int32_t>(chunkB_);
      for (int32_t j = 0; j < nb; ++j) {
        // The next L1 tiles to prefetch: the next chunks of this block, then
        // of the blocks after it (a pair's in its interleaved order).
        const int32_t it = s.iter + j;
        L1Key na[kMaxL1Slots], nb1[kMaxL1Slots];
        const uint32_t cna =
            s.aL1 ? 0 : futureKeys<true>(s, it, cha, ks, na, ringA_.n - 1);
        const uint32_t cnb =
            s.bL1 ? 0 : futureKeys<false>(s, it, chb, ks, nb1, ringB_.n - 1);
        // The L1 tiles: the user's TSCM tensors (the whole single-core
        // operand in Nz), else ours.
        LocalTensor<SrcAT> a1;
        LocalTensor<SrcBT> b1;
        uint32_t kIn, kInB, rowsA, rowsB, offA = 0, offB = 0;
        if (s.aL1) {
          a1 = mm_detail::viewOf<SrcAT>(TPosition::TSCM,
                                        static_cast<uint32_t>(s.aAddr),
                                        static_cast<uint32_t>(s.aElems));
          kIn = static_cast<uint32_t>(k0);
          rowsA = s.transA ? mm_detail::alignUp(s.sK, kKAlign) / 16
                           : mm_detail::alignUp(s.sM, 16) / 16;
          offA = static_cast<uint32_t>(m0[j]) / 16;
        } else {
          a1 = ensure<true>(ringA_, s, keyA(m0[j], cha), loc);
          ringA_.heldDone =
              pair && (k0 + baseK >= K ||
                       (k0 + baseK) / static_cast<int32_t>(chunkA_) != cha);
          kIn = static_cast<uint32_t>(k0 - cha * static_cast<int32_t>(chunkA_));
          rowsA = s.transA ? mm_detail::alignUp(
                                 static_cast<uint32_t>(keyA(m0[j], cha).ks),
                                 kKAlign) /
                                 16
                           : geo_.m16 / 16;
        }
        if (s.bL1) {
          b1 = mm_detail::viewOf<SrcBT>(TPosition::TSCM,
                                        static_cast<uint32_t>(s.bAddr),
                                        static_cast<uint32_t>(s.bElems));
          kInB = static_cast<uint32_t>(k0);
          rowsB = s.transB ? mm_detail::alignUp(s.sN, 16) / 16
                           : mm_detail::alignUp(s.sK, kKAlign) / 16;
          offB = s.transB ? static_cast<uint32_t>(n0[j]) / 16
                          : static_cast<uint32_t>(n0[j]) / kC0B;
        } else {
          b1 = ensure<false>(ringB_, s, keyB(n0[j], chb), loc);
          ringB_.heldDone =
              pair && (k0 + baseK >= K ||
                       (k0 + baseK) / static_cast<int32_t>(chunkB_) != chb);
          kInB =
              static_cast<uint32_t>(k0 - chb * static_cast<int32_t>(chunkB_));
          rowsB = s.transB ? geo_.n16 / 16
                           : mm_detail::alignUp(
                                 static_cast<uint32_t>(keyB(n0[j], chb).ks),
                                 kKAlign) /
                                 16;
        }
        // The current parts of part-loaded tiles, then the prefetches of the
        // next parts / tiles (after both current ones), then MTE1 takes the
        // current parts.
        const uint32_t pa = s.aL1 ? 0 : kIn / ringA_.partK;
        const uint32_t pb = s.bL1 ? 0 : kInB / ringB_.partK;
        if (!s.aL1)
          partIssue<true>(ringA_, s, pa, loc);
        if (!s.bL1)
          partIssue<false>(ringB_, s, pb, loc);
        if (cna)
          prefetch<true>(ringA_, s, na, cna, loc);
        if (cnb)
          prefetch<false>(ringB_, s, nb1, cnb, loc);
        // A pair copies three tiles a K step (its A part and two B tiles):
        // A's next part goes one step ahead, between the B tiles, in the
        // order the Mmads use them.
        if (!s.aL1)
          partIssue<true>(ringA_, s, pa + (pair ? 1 : ringA_.partIds), loc);
        if (!s.bL1) {
          partIssue<false>(ringB_, s, pb + ringB_.partIds, loc);
          partTake(ringB_, pb, loc);
        }
        const uint32_t kAlL0 =
            mm_detail::alignUp(static_cast<uint32_t>(kLen), kKAlign);
        // MTE1 loads B first: a whole B tile is copied before A's part (a
        // part-loaded A is copied at partIssue, after ensure copied B's
        // tile), and its L0B load is the longer one (128 B/cycle), so it
        // runs while A's copy lands.
        // With as many L0A as L0B buffers the two stages go in lockstep (the
        // same slot a K step), so one event pair covers both: B's flags (a
        // SetFlag waits for every earlier instruction of its pipe, so the
        // MTE1 -> M flag set after the L0A load covers the L0B load, and the
        // M -> MTE1 flag after the Mmad frees both slots). One wait a step
        // instead of two in each direction.
        const bool oneFlag = oneL0Flag();
        uint32_t sa2 = 0, sb2 = 0;
        LocalTensor<SrcBT> b2 = acquire(stB2_, sb2, loc);
        if (s.sparse)
          loadL0BSparse(b2, b1, n1[j], kInB, kLen, rowsB, loc);
        else
          loadL0B(b2, b1, s, n1[j], kInB, kAlL0, rowsB, offB, loc);
        if (!oneFlag)
          produced(stB2_, sb2, loc);
        if (!s.aL1)
          partTake(ringA_, pa, loc);
        LocalTensor<SrcAT> a2 = acquire(stA2_, sa2, loc);
        loadL0A(a2, a1, s, m1[j], kIn, kAlL0, rowsA, offA, loc);
        if (oneFlag) {
          produced(stB2_, sb2, loc);
        } else {
          produced(stA2_, sa2, loc);
          consume(stA2_, sa2, loc);
        }
        consume(stB2_, sb2, loc);
        MmadParams mp;
        mp.m = static_cast<uint16_t>(mLen[j] == 1 ? 16 : mLen[j]);
        // L0B's Zn layout has n1 = the n fractals the load wrote: an int8 B
        // (32 x 32 transpose blocks) has N aligned to 32, so the Mmad's n is
        // too (the extra columns of L0C are never written out).
        mp.n = static_cast<uint16_t>(
            mm_detail::alignUp(static_cast<uint32_t>(nLen[j]), kNAlign));
        mp.k = static_cast<uint16_t>(kLen);
        mp.isBias = false;
        mp.cmatrixSource = false;
        mp.cmatrixInitVal = ks == 0 && !accumulate && !bias;
        mp.unitFlag = unitC[j] && !accumulate ? (ks + 1 == kSteps ? 3 : 2) : 0;
        // float32: the L0 tiles are laid out with K in 16s (two 8-wide
        // fractals per 16 x 16 block), so the Mmad reads K aligned to 16.
        mp.kDirectionAlign = sizeof(SrcAT) == 4;
        if (smallMmad[j] && (ks > 0 || accumulate))
          PipeBarrier<PIPE_M>(loc);
        if (s.sparse)
          MmadWithSparse(c1[j], a2, b2, mp, loc);
        else if (ks == 0 && bias)
          Mmad(c1[j], a2, b2, bt, mp, loc);
        else
          Mmad(c1[j], a2, b2, mp, loc);
        if (oneFlag)
          stA2_.busy[sa2] = false; // freed by B's M -> MTE1 flag
        else
          releaseSlot(stA2_, sa2, loc);
        releaseSlot(stB2_, sb2, loc);
      }
    }
    if (bias)
      releaseSlot(stBias2_, 0, loc);
    if (pair) { // the first block's last tiles are done
      pairDone(ringA_, loc);
      pairDone(ringB_, loc);
    }
    // A tile whose chunk is not the whole K is not reused by the next
    // block; the prefetch (if any) already holds the next block's.
    s.pendingC = true;
    s.c1 = c1[0];
    s.cSlot = cSlot[0];
    s.unitC = unitC[0];
    s.curM = mi;
    s.curN = ni;
    s.off.row = m0[0];
    s.off.col = n0[0];
    s.off.height = mLen[0];
    s.off.width = nLen[0];
    s.off.offset = m0[0] * ldcOf(s) + n0[0];
    lastLdc_ = ldcOf(s);
    if (pair) { // the second block waits in pair_ for its GetTensorC
      s.pair.ready = true;
      s.pair.c1 = c1[1];
      s.pair.cSlot = cSlot[1];
      s.pair.unitC = unitC[1];
      s.pair.mi = mi2;
      s.pair.ni = ni2;
      s.pair.off.row = m0[1];
      s.pair.off.col = n0[1];
      s.pair.off.height = mLen[1];
      s.pair.off.width = nLen[1];
      s.pair.off.offset = m0[1] * ldcOf(s) + n0[1];
    }
  }

  /// L1 (Nz) -> L0A (Zz): K range [kIn, kIn + kAl) of the tile.
  /// `rowsL`: the L1 layout's fractal rows per column block (M1L, or K1L
  /// when transposed); `off16`: the block's first m fractal in it.
  void loadL0A(LocalTensor<SrcAT> &a2, LocalTensor<SrcAT> &a1, const St &s,
               uint32_t m1, uint32_t kIn, uint32_t kAl, uint32_t rowsL,
               uint32_t off16, Loc loc) {
    const uint32_t k1 = kAl / kC0A; // fractal columns of the L0 tile
    if (!s.transA) {
      // L1: fractal (k block j, m block i) at j * M1L + i.
      // One call per K column of fractals: its m1 fractals are contiguous
      // in L1 and land k1 apart in L0A (dstGap).
      const uint32_t m1L = rowsL;
      const uint32_t kf = kIn / kC0A;
      for (uint32_t j = 0; j < k1; ++j) {
        LoadData2DParams p;
        p.startIndex = static_cast<uint16_t>((kf + j) * m1L + off16);
        p.repeatTimes = static_cast<uint8_t>(m1);
        p.srcStride = 1;
        p.sid = 0;
        p.dstGap = static_cast<uint16_t>(k1 - 1);
        p.ifTranspose = false;
        p.addrMode = 0;
        LoadData(a2[j * kFracA], a1, p, loc);
      }
    } else if constexpr (sizeof(SrcAT) == 4) {
      // L1 (K x M tile): fractal (m block j of 8 columns, k block i) at
      // j * K1L + i. A 16 x 16 block (m blocks 2i, 2i+1: srcFracGap K1L - 1)
      // transposes into the Zz fractals (i, 2r) and (i, 2r + 1); one call
      // per 16 rows of M, repeated down K.
      const uint32_t k1L = rowsL;
      const uint32_t kf = kIn / 16;
      for (uint32_t i = 0; i < m1; ++i) {
        LoadData2dTransposeParamsV2 p;
        p.startIndex = static_cast<uint16_t>((2 * (off16 + i)) * k1L + kf);
        p.repeatTimes = static_cast<uint8_t>(kAl / 16);
        p.srcStride = 1;
        p.dstGap = 0;
        p.dstFracGap = 0;
        p.srcFracGap = static_cast<uint16_t>(k1L - 1);
        p.addrMode = 0;
        LoadDataWithTranspose(a2[i * k1 * kFracA], a1, p, loc);
      }
    } else if constexpr (sizeof(SrcAT) == 1) {
      // L1 (K x M tile): fractal (m block j of 32 columns, k block i) at
      // j * K1L + i. A 32 x 32 block (k blocks 2q, 2q + 1) transposes into
      // the Zz fractals (2r, q) and (2r + 1, q), k1 apart; one call per
      // 32-deep K block, repeated along M (srcStride K1L, 2 k1 fractals
      // per repeat in L0A).
      if (off16 % 2)
        mm_detail::fault("argument",
                         "Matmul: a transposed int8 A in L1 (TSCM) needs "
                         "TCubeTiling.baseM to be a multiple of 32 (32 x 32 "
                         "transpose blocks)",
                         loc);
      const uint32_t k1L = rowsL;
      const uint32_t kf = kIn / 16;
      for (uint32_t q = 0; q < kAl / 32; ++q) {
        LoadData2dTransposeParams p;
        p.startIndex = static_cast<uint16_t>((off16 / 2) * k1L + kf + 2 * q);
        p.repeatTimes = static_cast<uint8_t>(mm_detail::ceilDiv(m1, 2));
        p.srcStride = static_cast<uint16_t>(k1L);
        p.dstGap = static_cast<uint16_t>(k1 - 1);
        p.dstFracGap = static_cast<uint16_t>(k1 - 1);
        p.addrMode = 0;
        LoadDataWithTranspose(a2[q * kFracA], a1, p, loc);
      }
    } else {
      // L1 (K x M tile): fractal (m block j, k block i) at j * K1L + i,
      // 16 k-rows x 16 m-cols; transposed into Zz.
      const uint32_t k1L = rowsL;
      const uint32_t kf = kIn / 16;
      for (uint32_t i = 0; i < m1; ++i) {
        LoadData2DParams p;
        p.startIndex = static_cast<uint16_t>((off16 + i) * k1L + kf);
        p.repeatTimes = static_cast<uint8_t>(k1);
        p.srcStride = 1;
        p.sid = 0;
        p.dstGap = 0;
        p.ifTranspose = true;
        p.addrMode = 0;
        LoadData(a2[i * k1 * kFracA], a1, p, loc);
      }
    }
  }

  /// L1 -> L0B of a sparse B tile (loadSparseB's layout): dense K [kIn,
  /// kIn + kLen) of it, one LoadDataWithSparse per 64 of K (its n1
  /// fractals are contiguous in L1 and in L0B's Zn), each fractal with the
  /// 128 index bytes at the same fractal index of the index area.
  void loadL0BSparse(LocalTensor<SrcBT> &b2, LocalTensor<SrcBT> &b1,
                     uint32_t n1, uint32_t kIn, int32_t kLen, uint32_t n1L,
                     Loc loc) {
    LocalTensor<uint8_t> idx =
        b1.template ReinterpretCast<uint8_t>()[sparseIdxOffset()];
    const uint32_t groups =
        mm_detail::ceilDiv(static_cast<uint32_t>(kLen), 64u);
    for (uint32_t j = 0; j < groups; ++j) {
      LoadData2DParams p;
      p.startIndex = static_cast<uint16_t>((kIn / 64 + j) * n1L);
      p.repeatTimes = static_cast<uint8_t>(n1);
      p.srcStride = 1;
      p.sid = 0;
      p.dstGap = 0;
      p.ifTranspose = false;
      p.addrMode = 0;
      LoadDataWithSparse(b2[j * n1 * kFracB], b1, idx, p, loc);
    }
  }

  /// L1 (Nz) -> L0B (Zn): K range [kIn, kIn + kAl) of the tile.
  /// `rowsL`: the L1 layout's fractal rows per column block (K1L, or N1L
  /// when transposed); `off`: the block's first column block (16 rows
  /// when transposed, else C0 columns).
  void loadL0B(LocalTensor<SrcBT> &b2, LocalTensor<SrcBT> &b1, const St &s,
               uint32_t n1, uint32_t kIn, uint32_t kAl, uint32_t rowsL,
               uint32_t off, Loc loc) {
    if (s.transB) {
      // L1 (N x K tile): fractal (k block j, n block i) at j * N1L + i:
      // already a Zn fractal.
      const uint32_t n1L = rowsL;
      const uint32_t k1 = kAl / kC0B;
      const uint32_t kf = kIn / kC0B;
      for (uint32_t j = 0; j < k1; ++j) {
        LoadData2DParams p;
        p.startIndex = static_cast<uint16_t>((kf + j) * n1L + off);
        p.repeatTimes = static_cast<uint8_t>(n1);
        p.srcStride = 1;
        p.sid = 0;
        p.dstGap = 0;
        p.ifTranspose = false;
        p.addrMode = 0;
        LoadData(b2[j * n1 * kFracB], b1, p, loc);
      }
      return;
    }
    // L1 (K x N tile): fractal (n block j, k block i) at j * K1L + i, 16
    // k-rows x C0 n-cols.
    const uint32_t k1L = rowsL;
    const uint32_t kf16 = kIn / 16;
    if constexpr (sizeof(SrcBT) == 2) {
      // One call per N column of fractals: its k1 fractals are contiguous
      // in L1 and land n1 apart in L0B (dstGap), each transposed.
      const uint32_t k1 = kAl / 16;
      for (uint32_t jj = 0; jj < n1; ++jj) {
        LoadData2DParams p;
        p.startIndex = static_cast<uint16_t>((off + jj) * k1L + kf16);
        p.repeatTimes = static_cast<uint8_t>(k1);
        p.srcStride = 1;
        p.sid = 0;
        p.dstGap = static_cast<uint16_t>(n1 - 1);
        p.ifTranspose = true;
        p.addrMode = 0;
        LoadData(b2[jj * kFracB], b1, p, loc);
      }
    } else if constexpr (sizeof(SrcBT) == 4) {
      // 16 x 16 blocks of two fractals (n blocks 2j, 2j+1), one call per
      // 16-wide n block, repeated along K.
      for (uint32_t j = 0; j < n1; ++j) {
        LoadData2dTransposeParamsV2 p;
        p.startIndex = static_cast<uint16_t>((2 * j + off) * k1L + kf16);
        p.repeatTimes = static_cast<uint8_t>(kAl / 16);
        p.srcStride = 1;
        p.dstGap = static_cast<uint16_t>(n1 - 1);
        p.dstFracGap = static_cast<uint16_t>(n1 - 1);
        p.srcFracGap = static_cast<uint16_t>(k1L - 1);
        p.addrMode = 0;
        LoadDataWithTranspose(b2[j * kFracB], b1, p, loc);
      }
    } else {
      // int8: 32 x 32 blocks of two fractals (k blocks 2i, 2i+1), one call
      // per 32-deep K block, repeated along N.
      // One call per 32-wide N column (two fractals wide), repeated down
      // K: the source pairs are contiguous in L1.
      const uint32_t k1 = kAl / 32;
      for (uint32_t j = 0; j < n1 / 2; ++j) {
        LoadData2dTransposeParams p;
        p.startIndex = static_cast<uint16_t>((off + j) * k1L + kf16);
        p.repeatTimes = static_cast<uint8_t>(k1);
        p.srcStride = 2;
        p.dstGap = static_cast<uint16_t>(n1 - 2);
        p.dstFracGap = 0;
        p.addrMode = 0;
        LoadDataWithTranspose(b2[2 * j * kFracB], b1, p, loc);
      }
    }
  }

  //===--------------------------------------------------------------------===//
  // Fixpipe
  //===--------------------------------------------------------------------===//

  QuantMode_t quantMode(const St &s, Loc loc) const {
    if constexpr (std::is_same_v<L0cT, float>) {
      if constexpr (std::is_same_v<DstT, float>)
        return QuantMode_t::NoQuant;
      else if constexpr (std::is_same_v<DstT, half>)
        return QuantMode_t::F322F16;
      else if constexpr (std::is_same_v<DstT, bfloat16_t>)
        return QuantMode_t::F322BF16;
      else if constexpr (std::is_same_v<DstT, int8_t>) {
        if (s.quant == 0)
          mm_detail::fault("argument",
                           "Matmul: an int8 C of float inputs needs "
                           "SetQuantScalar or SetQuantVector",
                           loc);
        return s.quant == 1 ? QuantMode_t::QF322B8_PRE
                            : QuantMode_t::VQF322B8_PRE;
      } else {
        static_assert(sizeof(DstT) == 0, "Matmul: unsupported C type");
      }
    } else {
      if constexpr (std::is_same_v<DstT, int32_t>)
        return QuantMode_t::NoQuant;
      else if constexpr (std::is_same_v<DstT, half> ||
                         std::is_same_v<DstT, int8_t>) {
        if (s.quant == 0)
          mm_detail::fault("argument",
                           "Matmul: a half or int8 C of int8 inputs needs "
                           "SetQuantScalar or SetQuantVector (the dequant "
                           "scale)",
                           loc);
        if constexpr (std::is_same_v<DstT, half>)
          return s.quant == 1 ? QuantMode_t::DEQF16 : QuantMode_t::VDEQF16;
        else
          return s.quant == 1 ? QuantMode_t::REQ8 : QuantMode_t::VREQ8;
      } else {
        static_assert(sizeof(DstT) == 0, "Matmul: unsupported C type");
      }
    }
  }

  /// L0C block -> GM at `dst` with row stride `ldc` (elements).
  void fixOut(St &s, uint64_t dstAddr, uint64_t dstElems, uint32_t ldc,
              Loc loc) {
    const uint32_t mLen = s.off.height, nLen = s.off.width;
    LocalTensor<L0cT> c = s.c1;
    if (!s.unitC || s.cFlagged) {
      produced(stC_, s.cSlot, loc);
      consume(stC_, s.cSlot, loc);
    }
    GlobalTensor<DstT> g;
    g.SetGlobalBuffer(reinterpret_cast<__gm__ DstT *>(dstAddr), dstElems);
    FixpipeParamsV220 fp;
    fp.nSize = static_cast<uint16_t>(nLen);
    fp.mSize = static_cast<uint16_t>(mLen);
    fp.srcStride = static_cast<uint16_t>(mm_detail::alignUp(mLen, 16));
    fp.dstStride = ldc;
    fp.reluEn = false;
    fp.quantPre = quantMode(s, loc);
    fp.deqScalar = s.quantScalar;
    fp.ndNum = 1;
    fp.srcNdStride = 0;
    fp.dstNdStride = 0;
    fp.unitFlag = s.unitC ? 3 : 0;
    fp.isChannelSplit = false;
    if (s.quant == 2) {
      GlobalTensor<float> gq;
      gq.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(s.quantVecAddr),
                         s.quantVecElems * 2);
      uint32_t sq = 0;
      LocalTensor<float> q1 = acquire(stQuant_, sq, loc);
      Nd2NzParams p(1, 1, static_cast<uint16_t>(2 * nLen), 0,
                    static_cast<uint16_t>(2 * nLen), 1, 1, 0);
      DataCopy(q1, gq[2 * static_cast<uint64_t>(s.off.col)], p, loc);
      produced(stQuant_, sq, loc);
      consume(stQuant_, sq, loc);
      LocalTensor<uint64_t> ws = q1.template ReinterpretCast<uint64_t>();
      Fixpipe(g, c, ws, fp, loc);
      releaseSlot(stQuant_, sq, loc);
    } else {
      Fixpipe(g, c, fp, loc);
    }
    if (s.unitC) { // the next Mmads into the slot wait for its unit flags
      stC_.busy[s.cSlot] = false;
      cUnitFree_[s.cSlot] = true;
    } else {
      releaseSlot(stC_, s.cSlot, loc);
    }
    s.pendingC = false;
  }

  void doGetC(St &s, uint64_t addr, uint64_t elems, bool seq, uint8_t atomic,
              Loc loc) {
    requireIterated(s.pendingC, loc);
    // enAtomic 1/2/3: the Fixpipe's store into GM adds / takes the max /
    // the min (SetAtomicAdd/Max/Min of C's type around it).
    setAtomic(atomic, loc);
    if (seq) {
      fixOut(s, addr, elems, s.off.width, loc);
    } else {
      const uint64_t off =
          static_cast<uint64_t>(s.off.row) * ldcOf(s) + s.off.col;
      fixOut(s, addr + off * sizeof(DstT), elems > off ? elems - off : 0,
             static_cast<uint32_t>(ldcOf(s)), loc);
    }
    if (atomic)
      SetAtomicNone(loc);
  }

  /// enAtomic: 0 a plain store, 1 AtomicAdd, 2 AtomicMax, 3 AtomicMin.
  static void checkAtomic(uint8_t atomic, Loc loc) {
    if (atomic <= 3)
      return;
    mm_detail::faultf("argument", loc,
                      "Matmul: enAtomic is 0 (store), 1 (AtomicAdd), 2 "
                      "(AtomicMax) or 3 (AtomicMin), not %u",
                      static_cast<unsigned>(atomic));
  }
  static void setAtomic(uint8_t atomic, Loc loc) {
    checkAtomic(atomic, loc);
    if (atomic == 1)
      SetAtomicAdd<DstT>(loc);
    else if (atomic == 2)
      SetAtomicMax<DstT>(loc);
    else if (atomic == 3)
      SetAtomicMin<DstT>(loc);
  }

  void doIterateAll(St &s, uint64_t addr, uint64_t elems, uint8_t atomic,
                    bool seq, Loc loc) {
    uint64_t seqOff = 0;
    auto getC = [&] {
      if (seq) {
        const uint64_t n = static_cast<uint64_t>(s.off.height) * s.off.width;
        doGetC(s, addr + seqOff * sizeof(DstT), elems - seqOff, true, atomic,
               loc);
        seqOff += n;
      } else {
        doGetC(s, addr, elems, false, atomic, loc);
      }
    };
    while (doIterate(s, false, loc, true)) {
      getC();
      if (s.pair.ready) { // the pair's second block
        s.pair.ready = false;
        s.c1 = s.pair.c1;
        s.cSlot = s.pair.cSlot;
        s.unitC = s.pair.unitC;
        s.cFlagged = false;
        s.curM = s.pair.mi;
        s.curN = s.pair.ni;
        s.off = s.pair.off;
        s.pendingC = true;
        getC();
      }
    }
  }

  /// Where matrix `idx` of a batch operand lies: its element offset and
  /// row stride. NORMAL (and NONE): matrices `stride` elements apart (0:
  /// rows x cols), rows `cols` long. The others place matrix (b, n, g) of
  /// a [B, S, N, G, D] tensor (BSNGD), [S, B, N, G, D] (SBNGD) or
  /// [B, N, G, S, D] (BNGS1S2) by the tiling's layout info: S rows of D.
  struct Place {
    uint64_t off;
    int32_t ld;
  };
  static Place placeOf(LayoutMode mode, const int32_t info[5],
                       const char *field, const char *const names[5],
                       uint64_t idx, uint32_t stride, int32_t rows,
                       int32_t cols, const char *what, Loc loc) {
    if (mode == LayoutMode::NORMAL || mode == LayoutMode::NONE)
      return Place{idx * (stride ? stride : static_cast<uint64_t>(rows) * cols),
                   cols};
    const char *modeName = mode == LayoutMode::BSNGD   ? "BSNGD"
                           : mode == LayoutMode::SBNGD ? "SBNGD"
                                                       : "BNGS1S2";
    if (stride)
      mm_detail::faultf("argument", loc,
                        "Matmul::IterateBatch: a matrix stride of %s is for "
                        "LayoutMode::NORMAL; with LayoutMode::%s the "
                        "tiling's %s fields place the matrices",
                        what, modeName, field);
    for (int i = 0; i < 5; ++i)
      if (info[i] <= 0)
        mm_detail::faultf("argument", loc,
                          "Matmul::IterateBatch: %s has LayoutMode::%s, but "
                          "TCubeTiling.%s%s = %d (set the layout on the "
                          "host: set_%c_layout(b, s, n, g, d))",
                          what, modeName, field, names[i], info[i],
                          field[0] == 'A'   ? 'a'
                          : field[0] == 'B' ? 'b'
                                            : 'c');
    const uint64_t B = info[0], S = info[1], N = info[2], G = info[3],
                   D = info[4];
    if (static_cast<uint64_t>(cols) > D || static_cast<uint64_t>(rows) > S)
      mm_detail::faultf("argument", loc,
                        "Matmul::IterateBatch: %s's matrices are %d x %d, "
                        "larger than the layout's %s%s x %s%s = %llu x %llu",
                        what, rows, cols, field, names[1], field, names[4],
                        static_cast<unsigned long long>(S),
                        static_cast<unsigned long long>(D));
    if (idx >= B * N * G)
      mm_detail::faultf("argument", loc,
                        "Matmul::IterateBatch: matrix %llu of %s is beyond "
                        "its layout's B x N x G = %llu matrices",
                        static_cast<unsigned long long>(idx), what,
                        static_cast<unsigned long long>(B * N * G));
    const uint64_t b = idx / (N * G), n = idx / G % N, g = idx % G;
    if (mode == LayoutMode::BSNGD)
      return Place{b * S * N * G * D + n * G * D + g * D,
                   static_cast<int32_t>(N * G * D)};
    if (mode == LayoutMode::SBNGD)
      return Place{b * N * G * D + n * G * D + g * D,
                   static_cast<int32_t>(B * N * G * D)};
    return Place{idx * S * D, static_cast<int32_t>(D)};
  }

  /// One IterateBatch: max(batchA, batchB) matmuls of the single-core shape
  /// (A's matrix firstA + b / (batch / batchA), B's likewise) into C at
  /// `addr`: by C's layout in GM, or packed into the batch area (`area`).
  /// Returns the number of matrices.
  /// A batch of sparse matmuls is not modelled: each matrix would need its
  /// own index offset, which IterateBatch's strides do not give.
  static void refuseSparseBatch(const St &s, const char *api, Loc loc) {
    if (!s.sparse)
      return;
    mm_detail::faultf("argument", loc,
                      "Matmul::%s: a batch of sparse matmuls (after "
                      "SetSparseIndex) is not supported by the simulator's "
                      "Matmul; run one IterateAll per matrix (sim/MATMUL.md "
                      "\"Sparse B\")",
                      api);
  }
  uint32_t doIterateBatch(St &s, uint64_t addr, uint64_t elems, uint32_t batchA,
                          uint32_t batchB, bool seq, uint32_t strideA,
                          uint32_t strideB, uint32_t strideC, bool partial,
                          uint8_t atomic, Loc loc, bool area = false,
                          uint64_t firstA = 0, uint64_t firstB = 0) {
    if (partial)
      mm_detail::fault("argument",
                       "Matmul::IterateBatch: enPartialSum is not supported "
                       "by the simulator's Matmul",
                       loc);
    refuseSparseBatch(s, "IterateBatch", loc);
    if (batchA == 0)
      batchA = static_cast<uint32_t>(s.batchA);
    if (batchB == 0)
      batchB = static_cast<uint32_t>(s.batchB);
    const uint32_t batch = std::max(batchA, batchB);
    if (batchA == 0 || batchB == 0 || batch % batchA || batch % batchB)
      mm_detail::fault("argument",
                       "Matmul::IterateBatch: batchA and batchB must be "
                       "positive and one a multiple of the other",
                       loc);
    constexpr LayoutMode cLayout = C_TYPE::layout;
    if (seq && !area && cLayout != LayoutMode::NORMAL &&
        cLayout != LayoutMode::NONE)
      mm_detail::fault("argument",
                       "Matmul::IterateBatch: enSequentialWrite writes each "
                       "matrix's blocks one after another, which a C of "
                       "LayoutMode BSNGD, SBNGD or BNGS1S2 does not allow",
                       loc);
    const uint64_t aAddr = s.aAddr, bAddr = s.bAddr, biasAddr = s.biasAddr;
    const uint64_t aElems = s.aElems, bElems = s.bElems;
    const int32_t orgM = s.orgM, orgN = s.orgN, orgKa = s.orgKa,
                  orgKb = s.orgKb, orgKc = s.orgKc;
    const TCubeTiling &t = s.t;
    static const char *const kIn[5] = {"B", "S", "N", "G", "D"};
    static const char *const kOut[5] = {"B", "S1", "N", "G", "S2"};
    const int32_t aInfo[5] = {t.ALayoutInfoB, t.ALayoutInfoS, t.ALayoutInfoN,
                              t.ALayoutInfoG, t.ALayoutInfoD};
    const int32_t bInfo[5] = {t.BLayoutInfoB, t.BLayoutInfoS, t.BLayoutInfoN,
                              t.BLayoutInfoG, t.BLayoutInfoD};
    const int32_t cInfo[5] = {t.CLayoutInfoB, t.CLayoutInfoS1, t.CLayoutInfoN,
                              t.CLayoutInfoG, t.CLayoutInfoS2};
    const uint64_t areaPer = areaMatElems(s.sM, s.sN, seq);
    for (uint32_t b = 0; b < batch; ++b) {
      const uint64_t ia = firstA + b / (batch / batchA);
      const uint64_t ib = firstB + b / (batch / batchB);
      // A as stored: M x K, or K x M when transposed.
      const Place pa =
          placeOf(A_TYPE::layout, aInfo, "ALayoutInfo", kIn, ia, strideA,
                  s.transA ? s.sK : s.sM, s.transA ? s.sM : s.sK, "A", loc);
      const Place pb =
          placeOf(B_TYPE::layout, bInfo, "BLayoutInfo", kIn, ib, strideB,
                  s.transB ? s.sN : s.sK, s.transB ? s.sK : s.sN, "B", loc);
      Place pc;
      if (area)
        pc = Place{b * areaPer, static_cast<int32_t>(
                                    ubRowStride(static_cast<uint32_t>(s.sN)))};
      else
        pc = placeOf(
            cLayout, cInfo, "CLayoutInfo", kOut, b, strideC, s.sM,
            C_TYPE::format == CubeFormat::ND_ALIGN
                ? static_cast<int32_t>(ubRowStride(static_cast<uint32_t>(s.sN)))
                : s.sN,
            "C", loc);
      s.aAddr = aAddr + pa.off * sizeof(SrcAT);
      s.aElems = aElems > pa.off ? aElems - pa.off : 0;
      s.bAddr = bAddr + pb.off * sizeof(SrcBT);
      s.bElems = bElems > pb.off ? bElems - pb.off : 0;
      if (s.transA)
        s.orgM = pa.ld;
      else
        s.orgKa = pa.ld;
      if (s.transB)
        s.orgKb = pb.ld;
      else
        s.orgN = pb.ld;
      s.orgKc = pc.ld;
      biasBatchOff_ = kCfg.isBiasBatch ? b * static_cast<uint64_t>(s.sN) : 0;
      resetIter(s, loc);
      doIterateAll(s, addr + pc.off * sizeof(DstT),
                   elems > pc.off ? elems - pc.off : 0, atomic, seq, loc);
    }
    biasBatchOff_ = 0;
    s.aAddr = aAddr;
    s.bAddr = bAddr;
    s.biasAddr = biasAddr;
    s.aElems = aElems;
    s.bElems = bElems;
    s.orgM = orgM;
    s.orgN = orgN;
    s.orgKa = orgKa;
    s.orgKb = orgKb;
    s.orgKc = orgKc;
    resetIter(s, loc);
    return batch;
  }

  /// The AIC side of IterateBatch into UB: the batch into the client's
  /// batch area; the reply tells the client what to copy.
  void doIterateBatchWs(St &s, uint32_t sub, const mm_detail::Msg &m,
                        mm_detail::Reply &r, Loc loc) {
    clientTiling_ = s.t;
    const uint64_t cap = batchAreaBytes(s.t);
    const bool seq = m.a[4] != 0;
    uint32_t batchA = static_cast<uint32_t>(m.a[2]);
    uint32_t batchB = static_cast<uint32_t>(m.a[3]);
    const uint32_t batch =
        std::max(batchA ? batchA : s.batchA, batchB ? batchB : s.batchB);
    checkArea(s, batch, seq, cap, "IterateBatch into a local tensor", loc);
    doIterateBatch(s, batchAreaAddr(sub), cap / sizeof(DstT), batchA, batchB,
                   seq, static_cast<uint32_t>(m.a[5]),
                   static_cast<uint32_t>(m.a[6]), 0, m.a[8] != 0, 0, loc, true);
    r.v[0] = static_cast<int32_t>(batch);
    r.v[1] = s.sM;
    r.v[2] = s.sN;
    r.v[3] = seq;
    r.v[7] = static_cast<int32_t>(mm_detail::Op::IterateBatchWs);
  }
  /// IterateNBatch: batchLoop batches one after another in the batch area.
  void doIterateNBatch(St &s, uint32_t sub, const mm_detail::Msg &m,
                       mm_detail::Reply &r, Loc loc) {
    refuseSparseBatch(s, "IterateNBatch", loc);
    clientTiling_ = s.t;
    const uint64_t cap = batchAreaBytes(s.t);
    const uint32_t loops = static_cast<uint32_t>(m.a[0]);
    const uint32_t batchA = static_cast<uint32_t>(m.a[1]);
    const uint32_t batchB = static_cast<uint32_t>(m.a[2]);
    const bool seq = m.a[3] != 0;
    const uint32_t batch =
        std::max(batchA ? batchA : s.batchA, batchB ? batchB : s.batchB);
    checkArea(s, static_cast<uint64_t>(batch) * loops, seq, cap,
              "IterateNBatch", loc);
    const uint64_t per = areaMatElems(s.sM, s.sN, seq);
    const uint64_t base = batchAreaAddr(sub);
    for (uint32_t l = 0; l < loops; ++l) {
      const uint64_t off = static_cast<uint64_t>(l) * batch * per;
      doIterateBatch(s, base + off * sizeof(DstT), cap / sizeof(DstT) - off,
                     batchA, batchB, seq, static_cast<uint32_t>(m.a[4]),
                     static_cast<uint32_t>(m.a[5]), 0, false, 0, loc, true,
                     static_cast<uint64_t>(l) * (batchA ? batchA : s.batchA),
                     static_cast<uint64_t>(l) * (batchB ? batchB : s.batchB));
    }
    r.v[0] = static_cast<int32_t>(batch);
    r.v[1] = s.sM;
    r.v[2] = s.sN;
    r.v[7] = static_cast<int32_t>(mm_detail::Op::IterateNBatch);
  }
  void checkArea(const St &s, uint64_t matrices, bool seq, uint64_t cap,
                 const char *api, Loc loc) {
    const uint64_t need =
        matrices * areaMatElems(s.sM, s.sN, seq) * sizeof(DstT);
    if (need <= cap)
      return;
    mm_detail::faultf("argument", loc,
                      "Matmul::%s: %llu matrices of %d x %d need %llu bytes "
                      "of the workspace's batch area, which holds %llu bytes "
                      "(TCubeTiling.BatchNum = %d matrices of singleCoreM x "
                      "singleCoreN)",
                      api, static_cast<unsigned long long>(matrices), s.sM,
                      s.sN, static_cast<unsigned long long>(need),
                      static_cast<unsigned long long>(cap), s.t.BatchNum);
  }

  //===--------------------------------------------------------------------===//
  // MIX: C through the workspace into the AIV's UB
  //===--------------------------------------------------------------------===//

  uint32_t slotBytes() const { return slotBytesOf(clientTiling_); }
  static uint64_t stageBytesA(const TCubeTiling &t) {
    return mm_detail::alignUp(static_cast<uint32_t>(t.singleCoreM) *
                                  static_cast<uint32_t>(t.singleCoreK) *
                                  sizeof(SrcAT),
                              512);
  }
  static uint64_t stageBytesB(const TCubeTiling &t) {
    return mm_detail::alignUp(static_cast<uint32_t>(t.singleCoreK) *
                                  static_cast<uint32_t>(t.singleCoreN) *
                                  sizeof(SrcBT),
                              512);
  }
  /// A UB bias's staging area: the single-core N values (none when the
  /// bias type is not in UB, so other Matmuls' regions keep their size).
  static uint64_t stageBytesBias(const TCubeTiling &t) {
    if (!mm_detail::isUb(BIAS_TYPE::pos))
      return 0;
    return mm_detail::alignUp(
        static_cast<uint32_t>(t.singleCoreN) * sizeof(BiasT), 512);
  }
  /// The workspace region of one (object, AIV): the C slot, then the
  /// staging areas of a UB A, B and bias.
  uint64_t regionBytes() const {
    return slotBytes() + stageBytesA(clientTiling_) +
           stageBytesB(clientTiling_) + stageBytesBias(clientTiling_) +
           batchAreaBytes(clientTiling_);
  }
  /// The staging area of A (part 1), B (part 2) or the bias (part 3) of
  /// this AIV.
  uint64_t stageAddr(uint32_t part) const {
    return slotAddr(sub_) + slotBytes() +
           (part >= 2 ? stageBytesA(clientTiling_) : 0) +
           (part == 3 ? stageBytesB(clientTiling_) : 0);
  }
  uint32_t slotBytesOf(const TCubeTiling &t) const {
    const uint32_t n = ubRowStride(static_cast<uint32_t>(t.baseN));
    return mm_detail::alignUp(static_cast<uint32_t>(t.baseM) * n * sizeof(DstT),
                              512);
  }
  /// The workspace slot of Matmul object `index_` for AIV `sub` of this
  /// AI Core (on an AIV, `sub` is ignored: GetBlockIdx numbers the AIVs):
  /// slot index_ x (AIVs of the launch) + the AIV's index.
  uint64_t slotAddr(uint32_t sub) const {
    const ::ascsim::MmRole r = ::ascsim::abi::mmRole();
    const uint64_t per = r.aivPerBlock ? r.aivPerBlock : 1;
    const uint64_t aiv = r.aic
                             ? static_cast<uint64_t>(GetBlockIdx()) * per + sub
                             : static_cast<uint64_t>(GetBlockIdx());
    const uint64_t aivs = static_cast<uint64_t>(GetBlockNum()) * per;
    return reinterpret_cast<uint64_t>(workspace_) +
           (static_cast<uint64_t>(index_) * aivs + aiv) * regionBytes();
  }
  static uint32_t ubRowStride(uint32_t width) {
    return mm_detail::alignUp(width, 32 / sizeof(DstT));
  }

  void doGetCWs(St &s, uint32_t sub, Loc loc) {
    requireWorkspace(
        nullptr, "C in the Unified Buffer (GetTensorC to a local tensor)", loc);
    clientTiling_ = s.t;
    requireIterated(s.pendingC, loc);
    const uint32_t stride = ubRowStride(s.off.width);
    fixOut(s, slotAddr(sub), slotBytesOf(s.t) / sizeof(DstT), stride, loc);
  }

  template <class T> void fetchToUb(const LocalTensor<T> &c, Loc loc) {
    requireIterated(clientIterated_, loc);
    requireWorkspace(
        nullptr, "C in the Unified Buffer (GetTensorC to a local tensor)", loc);
    clientTiling_ = tilingOfClient_;
    mm_detail::Msg m = msg(mm_detail::Op::GetCWs, loc);
    call(m, loc);
    clientIterated_ = false;
    const uint32_t h = static_cast<uint32_t>(offset_.height);
    const uint32_t stride = ubRowStride(static_cast<uint32_t>(offset_.width));
    const uint32_t count = h * stride;
    if (count > c.GetSize())
      mm_detail::faultf("bounds", loc,
                        "Matmul::GetTensorC: the %u x %u block (%u elements "
                        "with rows of 32 bytes) does not fit the local "
                        "tensor of %u elements",
                        h, static_cast<uint32_t>(offset_.width), count,
                        c.GetSize());
    GlobalTensor<T> g;
    g.SetGlobalBuffer(reinterpret_cast<__gm__ T *>(slotAddr(sub_)), count);
    DataCopy(c, g, count, loc);
    // The slot is free for the next block once the copy is done.
    SetFlag<HardEvent::MTE2_S>(0, loc);
    WaitFlag<HardEvent::MTE2_S>(0, loc);
  }

  //===--------------------------------------------------------------------===//
  // Members
  //===--------------------------------------------------------------------===//
public:
  /// The tiling a client sent (kept on the AIV for its workspace slot).
  void noteClientTiling(const TCubeTiling &t) { tilingOfClient_ = t; }

private:
  TPipe *pipe_ = nullptr;
  GM_ADDR workspace_ = nullptr;
  int workspaceBytes_ = 0;
  uint32_t index_ = 0;
  bool client_ = false, roleKnown_ = false, inited_ = false, ended_ = false;
  uint32_t sub_ = 0;
  uint32_t asyncPending_ = 0;
  uint32_t objects_ = 1; // Matmul objects registered together
  /// With several objects: what they share (null with one).
  mm_detail::L0Share *share_ = nullptr;
  mm_detail::L0Share shareStorage_;
  // An IterateBatch / IterateNBatch<false, true> not yet waited for.
  bool owedWait_ = false;
  const char *owedApi_ = "";
  Loc owedLoc_{};
  bool clientIterated_ = false;
  MatrixOffset offset_{};
  int32_t lastLdc_ = 0;
  TCubeTiling clientTiling_{}, tilingOfClient_{};
  St st_[2];
  bool buffers_ = false, drained_ = false;
  Geo geo_{};
  Geo stGeo_[2]{}; // the geometry of each client's tiling (doInit)
  uint32_t chunkA_ = 0, chunkB_ = 0;
  /// The first block of the pair being computed (pairStart), else -1.
  int32_t pairIt_ = -1;
  uint64_t biasBatchOff_ = 0;
  UbBatch ubBatch_;
  NBatch nb_;
  L1Ring<SrcAT, TPosition::A1> ringA_;
  L1Ring<SrcBT, TPosition::B1> ringB_;
  Stage<SrcAT, TPosition::A2, HardEvent::MTE1_M, HardEvent::M_MTE1> stA2_;
  Stage<SrcBT, TPosition::B2, HardEvent::MTE1_M, HardEvent::M_MTE1> stB2_;
  Stage<L0cT, TPosition::CO1, HardEvent::M_FIX, HardEvent::FIX_M> stC_;
  /// Per L0C slot: its last Fixpipe released it by its unit flag (no
  /// FIX_M flag pending).
  bool cUnitFree_[2] = {false, false};
  Stage<BiasL1T, TPosition::C1, HardEvent::MTE2_MTE1, HardEvent::MTE1_MTE2>
      stBias1_;
  Stage<L0cT, TPosition::C2, HardEvent::MTE1_M, HardEvent::M_MTE1> stBias2_;
  Stage<float, TPosition::C1, HardEvent::MTE2_FIX, HardEvent::FIX_MTE2>
      stQuant_;
  /// SetSelfDefineData / SetUserDefInfo (for MM_CB callbacks; none here).
  uint64_t selfDefineData_ = 0;
  uint64_t userDefInfo_ = 0;
};

//===----------------------------------------------------------------------===//
// REGIST_MATMUL_OBJ
//===----------------------------------------------------------------------===//

namespace mm_detail {

struct Registered {
  ServerBase *obj;
  const TCubeTiling *tiling;
};

inline void collect(Registered *, uint32_t &) {}
template <class M, class... Rest>
inline void collect(Registered *out, uint32_t &n, M &mm, Rest &&...rest);
template <class M, class... Rest>
inline void collectT(Registered *out, uint32_t &n, M &mm,
                     const TCubeTiling *tiling, Rest &&...rest) {
  out[n++] = Registered{&mm, tiling};
  collect(out, n, rest...);
}
template <class M, class... Rest>
inline void collect(Registered *out, uint32_t &n, M &mm, Rest &&...rest) {
  if constexpr (sizeof...(Rest) > 0) {
    using First = std::decay_t<std::tuple_element_t<0, std::tuple<Rest...>>>;
    if constexpr (std::is_pointer_v<First> &&
                  std::is_same_v<std::remove_cv_t<std::remove_pointer_t<First>>,
                                 TCubeTiling>) {
      collectT(out, n, mm, rest...);
      return;
    } else {
      out[n++] = Registered{&mm, nullptr};
      collect(out, n, rest...);
    }
  } else {
    out[n++] = Registered{&mm, nullptr};
  }
}

/// REGIST_MATMUL_OBJ: returns true when the caller (the AIC of a MIX
/// kernel) must leave the kernel: it served its AIVs until they ended.
template <class... Args>
inline bool regist(Loc loc, TPipe *pipe, GM_ADDR workspace, Args &&...args) {
  Registered objs[16];
  uint32_t n = 0;
  collect(objs, n, args...);
  ::ascsim::MmRole role = ::ascsim::abi::mmRole();
  if (!role.aic && !role.hasAic)
    faultf("argument", loc,
           "REGIST_MATMUL_OBJ: Matmul needs the cube unit, but this kernel "
           "is %s (a vector-only kernel): declare it MIX_AIC_1_2 (AIVs call "
           "the Matmul, the AIC serves it) or AIC_ONLY (cube-only)",
           ::ascsim::abi::mmKernelTypeName(role.kernelType));
  const bool server = role.aic && role.mixed && role.aivPerBlock > 0;
  // The AIC of a MIX kernel serves the objects of its first
  // REGIST_MATMUL_OBJ and then leaves the kernel: a later one's objects
  // would never be served there, and their requests (object indexes from 0
  // again) would reach the first one's objects.
  if (pipe && role.mixed && !role.aic && pipe->ascsimMatmulRegist_.file)
    fault("argument",
          "REGIST_MATMUL_OBJ again in a MIX kernel: the AIC serves only the "
          "Matmul objects of the first REGIST_MATMUL_OBJ and leaves the "
          "kernel when they end, so these would never be served; register "
          "every object in one REGIST_MATMUL_OBJ(&pipe, workspace, mm1, "
          "&tiling1, mm2, &tiling2) (pyasc's asc.adv.register_matmul takes "
          "one object: a MIX kernel there uses one Matmul object)",
          loc);
  if (pipe && !pipe->ascsimMatmulRegist_.file)
    pipe->ascsimMatmulRegist_ = loc;
  // Without a workspace argument, the system workspace (SetSysWorkspace).
  if (!workspace)
    workspace = GetSysWorkSpacePtr(loc);
  mm_detail::L0Share *share = objs[0].obj->shareStorage();
  for (uint32_t i = 0; i < n; ++i) {
    objs[i].obj->attach(pipe, workspace, i, n, share);
    objs[i].obj->setClient(!role.aic);
  }
  if (!server) {
    for (uint32_t i = 0; i < n; ++i)
      if (objs[i].tiling)
        objs[i].obj->clientInit(objs[i].tiling, loc);
    return false;
  }
  // The AIC of a MIX kernel: serve the AIVs' requests until every AIV has
  // sent End (or finished without using the Matmul).
  bool started[2] = {false, false}, ended[2] = {false, false};
  // A client that used an object whose config keeps End must call it.
  bool mustEnd[2] = {false, false};
  const uint32_t aivs = role.aivPerBlock;
  const Text what = textf("waits for a Matmul request (flags 0-%u)", 2 * n - 1);
  // Requests that wait for the other AIV's GetTensorC (one L0C buffer).
  Msg deferred[8];
  uint32_t deferredFrom[8];
  uint32_t nDeferred = 0;
  for (;;) {
    // Ended by End from every AIV, or by the message wait below once every
    // AIV has finished (one that never sent a request included) — not by
    // asking whether an AIV has finished yet, which depends on how the host
    // threads ran (the wait's scalar cycle would come and go with it).
    bool allEnded = true;
    for (uint32_t s = 0; s < aivs; ++s)
      allEnded = allEnded && ended[s];
    if (allEnded)
      break;
    Msg m{};
    uint32_t from = 0;
    int32_t got = 0;
    bool fromDeferred = false;
    for (uint32_t i = 0; i < nDeferred; ++i)
      if (!objs[deferred[i].obj].obj->mustWait(deferredFrom[i], deferred[i])) {
        m = deferred[i];
        from = deferredFrom[i];
        for (uint32_t j = i + 1; j < nDeferred; ++j) {
          deferred[j - 1] = deferred[j];
          deferredFrom[j - 1] = deferredFrom[j];
        }
        --nDeferred;
        fromDeferred = true;
        got = 1;
        break;
      }
    if (!fromDeferred)
      got = ::ascsim::abi::mmReceive(&m, sizeof m, &from, what.str, loc);
    if (!fromDeferred && got > 0 && m.obj < n &&
        (nDeferred > 0 || objs[m.obj].obj->mustWait(from, m))) {
      bool fromWaits = objs[m.obj].obj->mustWait(from, m);
      for (uint32_t i = 0; i < nDeferred; ++i)
        fromWaits = fromWaits || deferredFrom[i] == from;
      if (fromWaits) { // keep this AIV's requests in order
        if (nDeferred == 8)
          fault("argument", "REGIST_MATMUL_OBJ: too many deferred requests",
                loc);
        deferred[nDeferred] = m;
        deferredFrom[nDeferred++] = from;
        continue;
      }
    }
    if (got < 0) {
      for (uint32_t s = 0; s < aivs; ++s)
        if (started[s] && !ended[s] && mustEnd[s])
          faultf("deadlock", loc,
                 "AIV %u finished without calling End() on its Matmul "
                 "object: the AIC serving it (REGIST_MATMUL_OBJ here) would "
                 "wait for its requests forever",
                 s);
      break;
    }
    if (m.obj >= n)
      fault("argument",
            "REGIST_MATMUL_OBJ: a request for an unregistered "
            "Matmul object",
            loc);
    if (static_cast<Op>(m.op) != Op::Init) {
      started[from] = true;
      mustEnd[from] = mustEnd[from] || objs[m.obj].obj->needsEnd();
    }
    Reply r{};
    objs[m.obj].obj->serve(from, m, r);
    if (static_cast<Op>(m.op) == Op::End)
      ended[from] = true;
    if (m.wantReply) {
      // The reply leaves once the work it reports is complete (GM written).
      if (static_cast<Op>(m.op) != Op::Iterate)
        PipeBarrier<PIPE_ALL>(Loc{m.file, m.line});
      ::ascsim::abi::mmSend(from, &r, sizeof r, kMsgLatency,
                            Loc{m.file, m.line});
    }
  }
  return true;
}

} // namespace mm_detail
} // namespace AscendC

#define REGIST_MATMUL_OBJ(tpipe, workspace, ...)                               \
  do {                                                                         \
    if (::AscendC::mm_detail::regist(::ascsim::here(), (tpipe),                \
                                     (GM_ADDR)(workspace), __VA_ARGS__))       \
      return;                                                                  \
  } while (0)

#endif // ASCSIM_MATMUL_IMPL_H
