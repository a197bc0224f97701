//===- memory/Memory.cpp - Memories and bounds checks -----------*- C++ -*-===//

#include "memory/Memory.h"

#include "options/Options.h"
#include "support/Fault.h"

#include <algorithm>

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
  std::sort(regions_.begin(), regions_.end(),
            [](const GmRegion &a, const GmRegion &b) {
              return a.address < b.address;
            });
}

const GmRegion *GmMap::find(uint64_t addr) const {
  for (const GmRegion &r : regions_)
    if (addr >= r.address && addr < r.address + r.bytes)
      return &r;
  return nullptr;
}

void GmMap::check(uint64_t addr, uint64_t bytes, const Access &a,
                  Loc loc) const {
  if (!checking())
    return;
  uint64_t end = addr + bytes;
  for (const GmRegion &r : regions_)
    if (addr >= r.address && end <= r.address + r.bytes)
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
                   "; the access spans " + hex(addr) + ".." + hex(end),
               Loc{nullptr, 0}));
  fail("bounds", msg, loc, std::move(notes));
}

//===----------------------------------------------------------------------===//
// CoreMemory
//===----------------------------------------------------------------------===//

CoreMemory::CoreMemory(const GmMap &gm, const LaunchConfig &config)
    : gm_(gm), config_(config), ub_(config.ub_bytes, kUninitialisedByte) {}

void CoreMemory::checkStaticTensor(uint8_t pos, uint32_t addr, uint32_t elems,
                                   uint32_t elemBytes, Loc loc) const {
  Mem m = memOfPosition(pos);
  if (m == Mem::Invalid || m == Mem::GM)
    fail("argument",
         std::string("a static LocalTensor cannot be placed at position ") +
             positionName(pos),
         loc);
  if (m != Mem::UB)
    fail("argument",
         std::string("position ") + positionName(pos) + " (" + memName(m) +
             ") is not accessible from a vector core (AIV); use VECIN, VECOUT "
             "or VECCALC",
         loc);
  uint64_t bytes = static_cast<uint64_t>(elems) * elemBytes;
  uint64_t cap = capacityOf(m, config_);
  if (elems == 0)
    fail("argument", "a static LocalTensor needs at least one element", loc);
  if (addr % 32 != 0)
    fail("alignment",
         "LocalTensor address " + std::to_string(addr) + " in " + memName(m) +
             " is not 32-byte aligned (next aligned address: " +
             std::to_string((addr + 31) / 32 * 32) + ")",
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
    if (addr % dtypeSize(a.type) != 0)
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

uint8_t *CoreMemory::resolveLocal(const Operand &op, uint64_t offset,
                                  uint64_t bytes, const Access &a, Loc loc) {
  Mem m = memOfPosition(op.pos);
  if (m != Mem::UB)
    fail("argument",
         std::string(a.api) + ": the " + a.role + " is at position " +
             positionName(op.pos) + " (" + memName(m) +
             "), which a vector core (AIV) cannot access",
         loc);
  uint64_t addr = op.addr + offset;
  if (a.blockAligned && addr % 32 != 0)
    fail("alignment",
         std::string(a.api) + ": the " + a.role + " UB address " +
             std::to_string(addr) + " is not 32-byte aligned",
         loc);
  uint64_t cap = ub_.size();
  if (addr + bytes > cap)
    fail("bounds",
         std::string(a.api) + " " + verb(a) + " UB bytes [" +
             std::to_string(addr) + ", " + std::to_string(addr + bytes) +
             ") through its " + a.role + ", beyond the Unified Buffer (" +
             std::to_string(cap) + " bytes)",
         loc);
  if (offset + bytes > op.bytes)
    fail("bounds",
         std::string(a.api) + " " + verb(a) + " " +
             describeBytes(offset + bytes, a.type) + " of its " + a.role +
             ", but that LocalTensor view holds only " +
             describeBytes(op.bytes, a.type),
         loc);
  return ub_.data() + addr;
}

void CoreMemory::markWritten(uint64_t addr, uint64_t bytes) {
  uint64_t end = std::min<uint64_t>(addr + bytes, ub_.size());
  for (uint64_t i = addr; i < end;) {
    if (i % 64 == 0 && i + 64 <= end) {
      written_[i / 64] = ~0ull;
      i += 64;
    } else {
      written_[i / 64] |= 1ull << (i % 64);
      ++i;
    }
  }
}

uint64_t CoreMemory::unwritten(uint64_t addr, uint64_t bytes,
                               uint64_t &first) const {
  uint64_t end = std::min<uint64_t>(addr + bytes, ub_.size());
  uint64_t n = 0;
  for (uint64_t i = addr; i < end;) {
    if (i % 64 == 0 && i + 64 <= end && written_[i / 64] == ~0ull) {
      i += 64;
      continue;
    }
    if (!(written_[i / 64] & (1ull << (i % 64)))) {
      if (n++ == 0)
        first = i;
    }
    ++i;
  }
  return n;
}

} // namespace ascsim
