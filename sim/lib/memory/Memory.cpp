//===- memory/Memory.cpp - Memories and bounds checks -----------*- C++ -*-===//

#include "memory/Memory.h"

#include "options/Options.h"
#include "support/Fault.h"
#include "support/PerThread.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace ascsim {

namespace {

/// "128 float32 elements (512 bytes)" or "512 bytes" when not element-sized.
std::string describeBytes(uint64_t bytes, DType t) {
  uint32_t es = dtypeSize(t);
  if (bytes % es == 0)
    return std::to_string(bytes / es) + " " + dtypeName(t) + " elements (" +
           std::to_string(bytes) + " bytes)";
  return std::to_string(bytes) + " bytes";
}

std::string verb(const Access &a) { return a.write ? "writes" : "reads"; }

std::string hex(uint64_t v) {
  static const char *const kDigits = "0123456789abcdef";
  std::string s;
  do {
    s.insert(s.begin(), kDigits[v & 15]);
    v >>= 4;
  } while (v);
  return "0x" + s;
}

} // namespace

//===----------------------------------------------------------------------===//
// GmMap
//===----------------------------------------------------------------------===//

GmMap::GmMap(std::vector<GmRegion> regions) : regions_(std::move(regions)) {
  auto byAddress = [](const GmRegion &a, const GmRegion &b) {
    return a.address < b.address;
  };
  // Arrays allocated one after the other come in increasing address order,
  // the one order any sort gives them: the insertion sort would still move
  // each region (and its name) out and back. (Equal addresses are sorted,
  // as before: std::sort may reorder them.)
  if (std::adjacent_find(regions_.begin(), regions_.end(),
                         [](const GmRegion &a, const GmRegion &b) {
                           return a.address >= b.address;
                         }) != regions_.end())
    std::sort(regions_.begin(), regions_.end(), byAddress);
  uint64_t end = 0;
  for (const GmRegion &r : regions_) {
    uint64_t lo = std::max(r.address, end), hi = r.address + r.bytes;
    if (hi > lo)
      unionBytes_ += hi - lo;
    end = std::max(end, hi);
  }
}

const GmRegion *GmMap::find(uint64_t addr) const {
  for (const GmRegion &r : regions_)
    if (addr >= r.address && addr < r.address + r.bytes)
      return &r;
  return nullptr;
}

void GmMap::check(uint64_t addr, uint64_t bytes, const Access &a, Loc loc,
                  const char *hint) const {
  uint32_t noHint = ~0u; // every region in order
  if (contains(addr, bytes, noHint))
    return;

  // Name the region the access is relative to: the one containing its start,
  // else the nearest one.
  const GmRegion *best = nullptr;
  uint64_t bestDist = ~0ull;
  for (const GmRegion &r : regions_) {
    uint64_t dist = 0;
    if (addr < r.address)
      dist = r.address - addr;
    else if (addr >= r.address + r.bytes)
      dist = addr - (r.address + r.bytes) + 1;
    if (dist < bestDist) {
      bestDist = dist;
      best = &r;
    }
  }
  int64_t off = static_cast<int64_t>(addr - best->address);
  uint32_t es = dtypeSize(a.type);
  std::string range = "bytes [" + std::to_string(off) + ", " +
                      std::to_string(off + static_cast<int64_t>(bytes)) + ")";
  if (off % es == 0 && bytes % es == 0)
    range += " = elements [" + std::to_string(off / es) + ", " +
             std::to_string((off + static_cast<int64_t>(bytes)) / es) + ")";
  std::string msg = a.api + std::string(" ") + verb(a) + " GM " + range +
                    " relative to argument '" + best->name + "', which has " +
                    describeBytes(best->bytes, a.type) +
                    "; the access is outside every argument array";
  std::vector<Note> notes;
  notes.push_back(
      makeNote("argument '" + best->name + "' spans GM " + hex(best->address) +
                   ".." + hex(best->address + best->bytes) +
                   "; the access spans " + hex(addr) + ".." + hex(addr + bytes),
               Loc{nullptr, 0}));
  if (hint)
    notes.push_back(makeNote(hint, Loc{nullptr, 0}));
  fail("bounds", msg, loc, std::move(notes));
}

//===----------------------------------------------------------------------===//
// CoreMemory
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// UbBuffer
//===----------------------------------------------------------------------===//

namespace {
/// ASCSIM_CHECK_UB_RESET=1 (the test suites set it): every core checks that
/// the reused buffer it gets is entirely clean, and aborts otherwise (a write
/// path that bypasses the dirty tracking).
bool checkReset() {
  static const bool on = [] {
    const char *v = std::getenv("ASCSIM_CHECK_UB_RESET");
    return v && *v && std::strcmp(v, "0") != 0;
  }();
  return on;
}
} // namespace

void UbBuffer::prepare(uint64_t bytes) {
  if (bytes_.size() == bytes)
    return;
  bytes_.assign(bytes, kUninitialisedByte);
  written_.assign((bytes + 63) / 64, 0);
  full_.assign((bytes + kFullBytes * 64 - 1) / (kFullBytes * 64), 0);
  dirty_.assign((bytes + kChunk * 64 - 1) / (kChunk * 64), 0);
}

void UbBuffer::release() {
  // Run by run of dirty chunks (a core's buffers are a few contiguous
  // runs): the bytes a chunk at a time, the chunks' bitmap words and summary
  // bits a run at a time. Every fill stays at most kChunk bytes, in a call
  // to the C library's memset: it fills larger ones with `rep stosb`, and the
  // compiler would inline one of a known size as `rep stosq`, both of which
  // callgrind counts per iteration (the same time, 8-128 times the count).
  static_assert(kChunk % 64 == 0 && kChunk % kFullBytes == 0,
                "a chunk has bitmap words and summary bits of its own");
  auto fill = [](void *p, int value, uint64_t bytes) {
    for (uint64_t off = 0; off < bytes; off += kChunk) {
      uint64_t n = std::min<uint64_t>(kChunk, bytes - off);
      asm("" : "+r"(n)); // an unknown size: memset stays a call
      std::memset(static_cast<uint8_t *>(p) + off, value, n);
    }
  };
  const uint64_t size = bytes_.size();
  for (size_t w = 0; w < dirty_.size(); ++w) {
    for (uint64_t bits = dirty_[w]; bits;) {
      // Chunks [w * 64 + lo, w * 64 + lo + len) are dirty, the next not.
      const unsigned lo = static_cast<unsigned>(__builtin_ctzll(bits));
      const uint64_t after = ~(bits >> lo); // 0 only for a whole word
      const unsigned len =
          after ? static_cast<unsigned>(__builtin_ctzll(after)) : 64;
      bits &= len == 64 ? 0 : ~(((1ull << len) - 1) << lo);
      const uint64_t start = (w * 64 + lo) * kChunk;
      const uint64_t end = std::min<uint64_t>(start + len * kChunk, size);
      fill(bytes_.data() + start, kUninitialisedByte, end - start);
      fill(written_.data() + start / 64, 0,
           ((end - start + 63) / 64) * sizeof(uint64_t));
      const uint64_t c1 = (end + kFullBytes - 1) / kFullBytes;
      for (uint64_t c = start / kFullBytes; c < c1;) {
        const uint64_t at = c % 64, n = std::min<uint64_t>(64 - at, c1 - c);
        full_[c / 64] &= ~(n == 64 ? ~0ull : ((1ull << n) - 1) << at);
        c += n;
      }
    }
    dirty_[w] = 0;
  }
}

bool UbBuffer::clean() const {
  for (uint8_t b : bytes_)
    if (b != kUninitialisedByte)
      return false;
  for (uint64_t w : written_)
    if (w != 0)
      return false;
  for (uint64_t w : full_)
    if (w != 0)
      return false;
  return true;
}

//===----------------------------------------------------------------------===//
// CoreMemory
//===----------------------------------------------------------------------===//

CoreMemory::CoreMemory(const GmMap &gm, const LaunchConfig &config)
    : gm_(gm), config_(config) {
  // L1's and the cube memories' sizes do not depend on the launch: looked
  // up once per process, not per memory and core.
  static const std::array<uint64_t, kEndLocal - kFirstLocal> kSizes = [] {
    std::array<uint64_t, kEndLocal - kFirstLocal> s{};
    for (int m = kFirstLocal; m < kEndLocal; ++m)
      s[m - kFirstLocal] = capacityOf(static_cast<Mem>(m), LaunchConfig{});
    return s;
  }();
  for (int m = kFirstLocal; m < kEndLocal; ++m)
    locals_[m - kFirstLocal].size = kSizes[m - kFirstLocal];
  UbBuffer &ub = perThread<UbBuffer>(); // the thread's (support/PerThread.h)
  if (ub.inUse) { // a second core on this thread (nested launch)
    own_ = std::make_unique<UbBuffer>();
    buf_ = own_.get();
  } else {
    buf_ = &ub;
  }
  buf_->inUse = true;
  LocalArena &locals = perThread<LocalArena>();
  if (locals.inUse) {
    ownLocals_ = std::make_unique<LocalArena>();
    arena_ = ownLocals_.get();
  } else {
    arena_ = &locals;
  }
  arena_->inUse = true;
  buf_->prepare(config.ub_bytes);
  if (checkReset() && !buf_->clean()) {
    std::fprintf(stderr, "ascsim: internal error: a reused Unified Buffer was "
                         "not reset (a UB write bypassed the dirty "
                         "tracking)\n");
    std::abort();
  }
  ub_ = buf_->data();
  ubSize_ = buf_->size();
  written_ = buf_->written();
  full_ = buf_->full();
}

CoreMemory::~CoreMemory() {
  buf_->release();
  buf_->inUse = false;
  for (Local &l : locals_)
    if (l.data)
      l.buf->release();
  arena_->inUse = false;
}

void CoreMemory::checkStaticTensor(uint8_t pos, uint32_t addr, uint32_t elems,
                                   uint32_t elemBytes, Loc loc) const {
  Mem m = memOfPosition(pos);
  if (m == Mem::Invalid || m == Mem::GM)
    fail("argument",
         std::string("a static LocalTensor cannot be placed at position ") +
             positionName(pos),
         loc);
  // Whether this core has the memory is checked where an instruction uses
  // the tensor (resolveLocal): constructing one is only a descriptor, and a
  // MIX kernel's AIC and AIVs run the same declarations.
  const uint32_t align =
      m == Mem::UB ? 32u : hw::kMemories[static_cast<int>(m)].align;
  uint64_t bytes = static_cast<uint64_t>(elems) * elemBytes;
  uint64_t cap = capacityOf(m, config_);
  if (elems == 0)
    fail("argument", "a static LocalTensor needs at least one element", loc);
  if (addr % align != 0)
    fail("alignment",
         "LocalTensor address " + std::to_string(addr) + " in " + memName(m) +
             " is not " + std::to_string(align) +
             "-byte aligned (next aligned address: " +
             std::to_string((addr + align - 1) / align * align) + ")",
         loc);
  if (addr + bytes > cap)
    fail("capacity",
         "LocalTensor of " + std::to_string(elems) + " elements (" +
             std::to_string(bytes) + " bytes) at " + memName(m) + " address " +
             std::to_string(addr) + " ends at byte " +
             std::to_string(addr + bytes) + ", beyond the " + memName(m) +
             " capacity of " + std::to_string(cap) + " bytes",
         loc);
  if (bytes % 32 != 0)
    fail("alignment",
         "LocalTensor of " + std::to_string(elems) + " elements is " +
             std::to_string(bytes) +
             " bytes, not a multiple of 32 bytes (one data block)",
         loc);
}

uint8_t *CoreMemory::resolve(const Operand &op, uint64_t offset, uint64_t bytes,
                             const Access &a, Loc loc) {
  if (memOfPosition(op.pos) == Mem::GM) {
    uint64_t addr = op.addr + offset;
    if (misaligned(addr, dtypeSize(a.type)))
      fail("alignment",
           std::string(a.api) + ": the GM " + a.role + " address " + hex(addr) +
               " is not aligned to the " + std::to_string(dtypeSize(a.type)) +
               "-byte element size of " + dtypeName(a.type),
           loc);
    gm_.check(addr, bytes, a, loc);
    return reinterpret_cast<uint8_t *>(static_cast<uintptr_t>(addr));
  }
  return resolveLocal(op, offset, bytes, a, loc);
}

uint8_t *CoreMemory::localData(Mem m) {
  Local &l = local(m);
  if (!l.data) {
    l.buf = &arena_->mem[static_cast<int>(m) - LocalArena::kFirst];
    l.buf->prepare(l.size);
    if (checkReset() && !l.buf->clean()) {
      std::fprintf(stderr, "ascsim: internal error: a reused %s buffer was "
                           "not reset (a write bypassed the dirty tracking)\n",
                   memName(m));
      std::abort();
    }
    l.written = l.buf->written();
    l.full = l.buf->full();
    l.data = l.buf->data();
  }
  return l.data;
}

uint8_t *CoreMemory::resolveLocal(const Operand &op, uint64_t offset,
                                  uint64_t bytes, const Access &a, Loc loc) {
  Mem m = memOfPosition(op.pos);
  bool cubeMem = m == Mem::L0A || m == Mem::L0B || m == Mem::L0C ||
                 m == Mem::BT || m == Mem::FB;
  // On Ascend 910B/910C the UB is the vector cores' (AIV) only memory and
  // L1, L0A/B/C, the bias table and the Fixpipe buffer are the cube core's
  // (AIC) (hardware.md §0, §2.1, §3.1): no instruction of the other core
  // type can address them.
  if (m == Mem::UB && aic_)
    fail("argument",
         std::string(a.api) + ": the " + a.role + " is at position " +
             positionName(op.pos) +
             " (UB), but a cube core (AIC) has no Unified Buffer; run vector "
             "instructions and UB copies on the vector cores (AIV) (guard "
             "them with ASCEND_IS_AIV in a MIX kernel) and pass data between "
             "the AIVs and the AIC through GM with cross-core flags",
         loc);
  if (!aic_ && m != Mem::UB && m != Mem::Invalid && m != Mem::GM)
    fail("argument",
         std::string(a.api) + ": the " + a.role + " is at position " +
             positionName(op.pos) + " (" + memName(m) +
             "), but a vector core (AIV) has only the Unified Buffer: L1, "
             "L0A, L0B, L0C, the bias table and the Fixpipe buffer belong to "
             "the cube core (AIC); run the instruction on the AIC (guard it "
             "with ASCEND_IS_AIC in a MIX kernel) and pass data between the "
             "AIVs and the AIC through GM with cross-core flags, or use the "
             "Matmul API",
         loc);
  if (m == Mem::Invalid || m == Mem::GM ||
      (m == Mem::L1 && !a.allowL1 && !a.cube) || (cubeMem && !a.cube)) {
    requireBuffer(op, a.api, a.role, loc);
    fail("argument",
         std::string(a.api) + ": the " + a.role + " is at position " +
             positionName(op.pos) + " (" + memName(m) + "), which " +
             (aic_ ? "this API cannot access on a cube core (AIC)"
                   : "a vector core (AIV) cannot access"),
         loc);
  }
  const char *mem = memName(m);
  uint64_t addr = op.addr + offset;
  uint32_t align = a.cube && m != Mem::UB
                       ? hw::kMemories[static_cast<int>(m)].align
                       : 32u;
  if ((a.blockAligned || a.cube) && addr % align != 0)
    fail("alignment",
         std::string(a.api) + ": the " + a.role + " " + mem + " address " +
             std::to_string(addr) + " is not " + std::to_string(align) +
             "-byte aligned",
         loc);
  uint64_t cap = m == Mem::UB ? ubSize_ : local(m).size;
  if (addr + bytes > cap)
    fail(a.cube ? "capacity" : "bounds",
         std::string(a.api) + " " + verb(a) + " " + mem + " bytes [" +
             std::to_string(addr) + ", " + std::to_string(addr + bytes) +
             ") through its " + a.role + ", beyond the " +
             (m == Mem::UB ? std::string("Unified Buffer (")
                           : std::string(mem) + " buffer (") +
             std::to_string(cap) + " bytes)",
         loc);
  if (offset + bytes > op.bytes)
    fail("bounds",
         std::string(a.api) + " " + verb(a) + " " +
             describeBytes(offset + bytes, a.type) + " of its " + a.role +
             ", but that LocalTensor view holds only " +
             describeBytes(op.bytes, a.type),
         loc);
  if (m != Mem::UB) {
    uint8_t *base = localData(m);
    // As for UB: the chunks of the view need a re-fill before reuse.
    local(m).buf->markDirty(op.addr,
                            op.addr + std::max(op.bytes, offset + bytes));
    return base + addr;
  }
  // Whatever is written through this pointer stays inside the view (or the
  // resolved range): those chunks need a re-fill before the buffer's reuse.
  buf_->markDirty(op.addr, op.addr + std::max(op.bytes, offset + bytes));
  return ub_ + addr;
}

namespace {
/// Bits [bit, bit + n) of a 64-bit word (n >= 1).
uint64_t bitMask(uint64_t bit, uint64_t n) {
  return n >= 64 ? ~0ull : ((1ull << n) - 1) << bit;
}
} // namespace

namespace {
// Bits [addr, end) of a bitmap: the partial words at either end bit by
// bit, the whole words between them a word at a time (a 32-KiB tile is 512
// whole words).
void setBits(uint64_t *bits, uint64_t addr, uint64_t end) {
  if (addr >= end)
    return;
  uint64_t first = addr / 64, last = (end - 1) / 64;
  if (first == last) {
    bits[first] |= bitMask(addr % 64, end - addr);
    return;
  }
  bits[first] |= bitMask(addr % 64, 64 - addr % 64);
  for (uint64_t w = first + 1; w < last; ++w)
    bits[w] = ~0ull;
  bits[last] |= bitMask(0, end - last * 64);
}

uint64_t countUnset(const uint64_t *bits, uint64_t addr, uint64_t end,
                    uint64_t &first, uint64_t &count) {
  if (addr >= end)
    return count;
  const uint64_t lo = addr / 64, hi = (end - 1) / 64;
  auto word = [&](uint64_t w, uint64_t mask) {
    uint64_t miss = ~bits[w] & mask;
    if (miss) {
      if (count == 0)
        first = w * 64 + static_cast<uint64_t>(__builtin_ctzll(miss));
      count += static_cast<uint64_t>(__builtin_popcountll(miss));
    }
  };
  if (lo == hi) {
    word(lo, bitMask(addr % 64, end - addr));
    return count;
  }
  word(lo, bitMask(addr % 64, 64 - addr % 64));
  // Written memory (all ones) is the common case: one vectorisable AND over
  // the whole words, and the word by word count only when it finds a hole.
  uint64_t all = ~0ull;
  for (uint64_t w = lo + 1; w < hi; ++w)
    all &= bits[w];
  if (all != ~0ull)
    for (uint64_t w = lo + 1; w < hi; ++w)
      if (bits[w] != ~0ull)
        word(w, ~0ull);
  word(hi, bitMask(0, end - hi * 64));
  return count;
}

constexpr uint64_t kFull = UbBuffer::kFullBytes;
constexpr uint64_t kFullWords = kFull / 64; // bitmap words per summary bit

/// The summary bits of chunks [c0, c1) that are clear, a summary word at a
/// time, in address order: fn(chunk) for each.
template <class Fn>
void forClear(const uint64_t *full, uint64_t c0, uint64_t c1, Fn &&fn) {
  for (uint64_t c = c0; c < c1;) {
    const uint64_t w = c / 64, lo = c % 64;
    const uint64_t n = std::min<uint64_t>(64 - lo, c1 - c);
    for (uint64_t miss = ~full[w] & bitMask(lo, n); miss; miss &= miss - 1)
      fn(w * 64 + static_cast<uint64_t>(__builtin_ctzll(miss)));
    c += n;
  }
}

/// setBits, skipping the whole summary chunks already full and marking
/// full the ones it fills (a tile re-written every iteration costs one
/// summary word per 32 KiB, not 512 bitmap words).
void markBits(uint64_t *bits, uint64_t *full, uint64_t addr, uint64_t end) {
  if (addr >= end)
    return;
  const uint64_t c0 = (addr + kFull - 1) / kFull, c1 = end / kFull;
  if (c0 >= c1) // no whole chunk inside
    return setBits(bits, addr, end);
  setBits(bits, addr, c0 * kFull);
  forClear(full, c0, c1, [&](uint64_t c) {
    std::fill_n(bits + c * kFullWords, kFullWords, ~0ull);
  });
  setBits(full, c0, c1); // the summary bits of [c0, c1)
  setBits(bits, c1 * kFull, end);
}

/// countUnset, skipping the whole summary chunks that are full.
uint64_t countUnmarked(const uint64_t *bits, const uint64_t *full,
                       uint64_t addr, uint64_t end, uint64_t &first) {
  uint64_t count = 0;
  if (addr >= end)
    return 0;
  const uint64_t c0 = (addr + kFull - 1) / kFull, c1 = end / kFull;
  if (c0 >= c1)
    return countUnset(bits, addr, end, first, count);
  countUnset(bits, addr, c0 * kFull, first, count);
  forClear(full, c0, c1, [&](uint64_t c) {
    countUnset(bits, c * kFull, (c + 1) * kFull, first, count);
  });
  return countUnset(bits, c1 * kFull, end, first, count);
}
} // namespace

void CoreMemory::markWrittenRange(uint64_t addr, uint64_t bytes) {
  uint64_t end = std::min<uint64_t>(addr + bytes, ubSize_);
  if (addr >= end)
    return;
  buf_->markDirty(addr, end);
  markBits(written_, full_, addr, end);
}

uint64_t CoreMemory::unwritten(uint64_t addr, uint64_t bytes,
                               uint64_t &first) const {
  return countUnmarked(written_, full_, addr,
                       std::min<uint64_t>(addr + bytes, ubSize_), first);
}

void CoreMemory::markWrittenLocal(Mem m, uint64_t addr, uint64_t bytes) {
  Local &l = local(m);
  uint64_t end = std::min<uint64_t>(addr + bytes, l.size);
  if (addr < end && l.data) {
    l.buf->markDirty(addr, end);
    markBits(l.written, l.full, addr, end);
  }
}

uint64_t CoreMemory::unwrittenLocal(Mem m, uint64_t addr, uint64_t bytes,
                                    uint64_t &first) const {
  const Local &l = local(m);
  if (!l.data)
    return 0;
  return countUnmarked(l.written, l.full, addr,
                       std::min<uint64_t>(addr + bytes, l.size), first);
}

} // namespace ascsim
