//===- AscHardware.td - hardware facts of Ascend 910B/910C -*- tablegen -*-===//
//
// The one table of hardware facts that the dialect, the simulator and Python
// share: memories (capacity, alignment), core types and their pipes,
// platforms (cores, clock, HBM), ISA constants and the cost-model numbers.
// lib/TableGen/ascgen turns it into ascsim/gen/Hardware.h (C++17, <cstdint>
// only): the simulator and the dialect include it, Python reads it through
// the `asc._C.sim` binding. Position -> memory and event -> pipes are facts of
// the enum cases in AscAttrs.td.
//
// Every record names its source: a section of hardware.md (the project's
// hardware spec, ../shared/spec/hardware.md) and whether the number was read
// there, inferred from it or fitted to measurements (docs/timing.md).
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCHARDWARE_TD
#define ASCIR_DIALECT_ASC_IR_ASCHARDWARE_TD

class Asc_Fact<string factSource> {
  string source = factSource;
}

//===----------------------------------------------------------------------===//
// Memories (AscendC::Hardware; NPU_ARCH 2201)
//===----------------------------------------------------------------------===//

// A physical memory of the AI Core: `capacity` bytes, of which `reserved`
// (at the end) are not available to kernels; addresses aligned to `align`.
class Asc_Memory<string memName, int bytes, int memAlign, int reservedBytes,
                 string src> : Asc_Fact<src> {
  string name = memName;
  int capacity = bytes;
  int align = memAlign;
  int reserved = reservedBytes;
}

def Asc_MemGM : Asc_Memory<"GM", 0, 1, 0,
    "hardware.md §2.2: GM has no alignment requirement in general">;
def Asc_MemUB : Asc_Memory<"UB", 196608, 32, 0,
    "hardware.md §2.1 TOTAL_UB_SIZE = 192 KiB (kernel_utils_constants.h); "
    "§2.2 UB 32 B">;
def Asc_MemL1 : Asc_Memory<"L1", 524288, 32, 128,
    "hardware.md §2.1 TOTAL_L1_SIZE = 512 KiB - KFC_L1_RESERVER_SIZE (128 B); "
    "§2.2 L1 32 B">;
def Asc_MemL0A : Asc_Memory<"L0A", 65536, 512, 0,
    "hardware.md §2.1 TOTAL_L0A_SIZE = 64 KiB; §2.2 L0A 512 B">;
def Asc_MemL0B : Asc_Memory<"L0B", 65536, 512, 0,
    "hardware.md §2.1 TOTAL_L0B_SIZE = 64 KiB; §2.2 L0B 512 B">;
def Asc_MemL0C : Asc_Memory<"L0C", 131072, 64, 0,
    "hardware.md §2.1 TOTAL_L0C_SIZE = 128 KiB; §2.2 L0C 64 B">;
def Asc_MemBias : Asc_Memory<"BIAS", 1024, 64, 0,
    "hardware.md §2.1 BiasTable 1 KB (NPU架构版本2201.md); §2.2 64 B">;
def Asc_MemFixbuf : Asc_Memory<"FIXBUF", 7168, 128, 0,
    "hardware.md §1.2 ini fb0..fb3_size = 2048 + 1024 + 2048 + 2048; §2.2 "
    "128 B (the 2201 constraint table; the API doc says 64, the stricter "
    "value is used)">;

//===----------------------------------------------------------------------===//
// Core types and their pipes
//===----------------------------------------------------------------------===//

// The pipes (Pipe enum keywords) a core type has. A flag or barrier of a
// pipe the core does not have is dropped, as on the NPU.
class Asc_CoreType<string coreName, list<string> corePipes, string src>
    : Asc_Fact<src> {
  string name = coreName;
  list<string> pipes = corePipes;
}

def Asc_CoreAIV : Asc_CoreType<"AIV", ["S", "V", "MTE2", "MTE3"],
    "hardware.md §3.1 (vector core pipes); architecture.md principles">;
def Asc_CoreAIC : Asc_CoreType<"AIC", ["S", "M", "MTE1", "MTE2", "MTE3", "FIX"],
    "hardware.md §3.1 (cube core pipes); architecture.md amendments">;

//===----------------------------------------------------------------------===//
// Platforms (hardware.md §1.2)
//===----------------------------------------------------------------------===//

// One Ascend part: `aicCores` cube cores (2 vector cores each), the core
// clock, HBM and L2 sizes, and the chip's HBM bandwidth for the timing model.
// `pyasc`: whether pyasc's Python Platform enum has it (§1.1).
class Asc_Platform<string socName, string pyName, int aic, int mhz,
                   int hbmGiB, int l2MiB, int bandwidthGbps, bit inPyasc,
                   string src> : Asc_Fact<src> {
  string name = socName;
  string pyEnumName = pyName;
  int aicCores = aic;
  int aivCores = !mul(2, aic);
  int clockMhz = mhz;
  int hbmBytesGiB = hbmGiB;
  int l2BytesMiB = l2MiB;
  int hbmGbps = bandwidthGbps;
  bit pyasc = inPyasc;
  string arch = "dav-c220";
}

// HBM bandwidth: 1612 GB/s fitted to Huawei's 910B Add cases 2-4 (hardware.md
// §7.2, docs/timing.md); 1250 GB/s for A3 dies, the one published A3
// read+write measurement (§7.2, third party, on a 9362 die).
defvar Asc_HbmA2 = 1612;
defvar Asc_HbmA3 = 1250;
// Clocks: §1.2 reads 1850 MHz for 910B1 and 1800 MHz for B2, B3, 9381/9382;
// the others are unconfirmed: 9391/9392 map to B1's ChipInfo (MSSAN), so
// B1's 1850; every other unconfirmed part uses 1800, the clock of the
// confirmed 20- and 24-core parts.
def : Asc_Platform<"Ascend910B1", "Ascend910B1", 24, 1850, 64, 192, Asc_HbmA2,
    1, "hardware.md §1.2 (ini sample: 24 AIC, 1850 MHz, 64 GiB, 192 MiB)">;
def : Asc_Platform<"Ascend910B2", "Ascend910B2", 24, 1800, 64, 192, Asc_HbmA2,
    1, "hardware.md §1.2 (ini dump: 24 AIC, 1800 MHz)">;
def : Asc_Platform<"Ascend910B2C", "Ascend910B2C", 24, 1800, 64, 192,
    Asc_HbmA2, 1, "hardware.md §1.2 (24 AIC; clock n/a: 1800 assumed)">;
def : Asc_Platform<"Ascend910B3", "Ascend910B3", 20, 1800, 64, 192, Asc_HbmA2,
    1, "hardware.md §1.2 (ini: 20 AIC; npu-smi 1800 MHz)">;
def : Asc_Platform<"Ascend910B4", "Ascend910B4", 20, 1800, 32, 96, Asc_HbmA2,
    1, "hardware.md §1.2 (ini: 20 AIC, 32 GiB, 96 MiB; clock unconfirmed: "
    "1800 assumed)">;
def : Asc_Platform<"Ascend910B4-1", "Ascend910B4_1", 20, 1800, 32, 96,
    Asc_HbmA2, 1, "hardware.md §1.2 (as B4; clock unconfirmed: 1800 "
    "assumed)">;
def : Asc_Platform<"Ascend910_9362", "Ascend910_9362", 20, 1800, 64, 168,
    Asc_HbmA3, 1, "hardware.md §1.2 (ini: 20 AIC, L2 168 MB; clock "
    "unconfirmed: 1800 assumed)">;
def : Asc_Platform<"Ascend910_9363", "Ascend910_9363", 20, 1800, 64, 168,
    Asc_HbmA3, 0, "hardware.md §1.2 (listed with 9362; not in pyasc's "
    "Platform enum, §1.1)">;
def : Asc_Platform<"Ascend910_9372", "Ascend910_9372", 20, 1800, 64, 192,
    Asc_HbmA3, 1, "hardware.md §1.2 (20 AIC; clock unconfirmed: 1800 "
    "assumed)">;
def : Asc_Platform<"Ascend910_9381", "Ascend910_9381", 24, 1800, 64, 192,
    Asc_HbmA3, 1, "hardware.md §1.2 (9382 ini: 24 AIC, 1800 MHz)">;
def : Asc_Platform<"Ascend910_9382", "Ascend910_9382", 24, 1800, 64, 192,
    Asc_HbmA3, 1, "hardware.md §1.2 (ini: 24 AIC, 1800 MHz)">;
def : Asc_Platform<"Ascend910_9391", "Ascend910_9391", 24, 1850, 64, 192,
    Asc_HbmA3, 1, "hardware.md §1.2 (9392 ini: 24 AIC; clock 1800-1850: "
    "B1's 1850, whose ChipInfo MSSAN uses)">;
def : Asc_Platform<"Ascend910_9392", "Ascend910_9392", 24, 1850, 64, 192,
    Asc_HbmA3, 1, "hardware.md §1.2 (ini: 24 AIC; clock as 9391)">;

// The part the simulator models unless told otherwise.
def Asc_DefaultPlatform
    : Asc_Fact<"hardware.md §1.1 (pyasc's default simulator platform)"> {
  string name = "Ascend910B1";
}

//===----------------------------------------------------------------------===//
// ISA constants
//===----------------------------------------------------------------------===//

class Asc_Constant<string constName, int constValue, string src>
    : Asc_Fact<src> {
  string name = constName;
  int value = constValue;
}

def : Asc_Constant<"BlockBytes", 32,
    "hardware.md §4.1 (a data block is 32 B; ONE_BLK_SIZE)">;
def : Asc_Constant<"RepeatBytes", 256,
    "hardware.md §4.1 (one repeat is 8 blocks = 256 B; ONE_REPEAT_BYTE_SIZE)">;
def : Asc_Constant<"MaxRepeat", 255,
    "hardware.md §4.1 (repeat times are 8-bit)">;
def : Asc_Constant<"MaskBits", 128, "hardware.md §4.2 (the 128-bit mask)">;
def : Asc_Constant<"FlagIds", 8,
    "hardware.md §3.3 (eight flag ids per hardware event)">;
def : Asc_Constant<"TmpUbBytes", 8192,
    "hardware.md §2.1 (TMP_UB_SIZE = 8 KiB at TMP_UB_OFFSET = 184 KiB)">;
def : Asc_Constant<"CacheLineBytes", 64,
    "hardware.md §2.1 (CACHE_LINE_SIZE = 64)">;
def : Asc_Constant<"SystemCounterMhz", 50,
    "hardware.md §7.3 (GetSystemCycle counts at 50 MHz)">;

//===----------------------------------------------------------------------===//
// Cost model (hardware.md §7; docs/timing.md)
//===----------------------------------------------------------------------===//

def : Asc_Constant<"ScalarIssueCycles", 1,
    "hardware.md §7.1 (scalar ALU; one issue cycle per API call, inferred)">;
def : Asc_Constant<"ScalarLoadCycles", 6, "hardware.md §7.1 (scalar LD 6)">;
def : Asc_Constant<"ScalarStoreCycles", 4, "hardware.md §7.1 (scalar ST 4)">;
def : Asc_Constant<"ScalarAddressCycles", 4,
    "hardware.md §7.1 (scalar ALU 2 cycles): a GetValue / SetValue computes "
    "its element address (index scaling, base add: 2 ALU ops) before the "
    "LD / ST; inferred, added after Huawei's scalar-loop Add (§7.2 case 0) "
    "came out 44 % short, so case 0 is in the fit set (docs/timing.md)">;
def : Asc_Constant<"VecPipelineDelay", 15,
    "hardware.md §7.1 (pypto vecDelay_ = 15)">;
def : Asc_Constant<"GmBytesPerCycle", 48,
    "fitted to Huawei's single-core Add, hardware.md §7.2 case 1, with the "
    "UB bank conflicts of its buffers (pypto's model says 87, the 910B ini "
    "ddr_rate 32; docs/timing.md). The per-core rate of a launch whose GM "
    "buffers do not fit in the L2">;
def : Asc_Constant<"GmReadLatency", 347,
    "hardware.md §7.2 (pypto GM read latency 347)">;
def : Asc_Constant<"GmWriteLatency", 203,
    "hardware.md §7.2 (pypto GM write latency 203)">;
def : Asc_Constant<"UbCopyBytesPerCycle", 256,
    "hardware.md §7.1 (UB->UB copy 256 B/cycle)">;
def : Asc_Constant<"UbCopyLatency", 12,
    "hardware.md §7.1 (UB->UB copy + 12)">;
def : Asc_Constant<"TransferOverheadBytes", 1763,
    "fitted to hardware.md §7.2 cases 2 and 3 (8 KiB vs 32 KiB tiles; "
    "docs/timing.md)">;
// The cube path (issue 14).
def : Asc_Constant<"MmadLatency", 20,
    "hardware.md §7.1 (pypto: cycles = fractal MACs + 20; the cube "
    "pipeline latency 20 of §7.2)">;
def : Asc_Constant<"MmadIssueCycles", 10,
    "fitted to hardware.md §7.1's measured Mmad loops (UnitFlag.md: "
    "128x256x512 half in 8 Mmads 4209-4225 cycles, 128x128x512 2172): "
    "per-Mmad occupancy beyond the fractal MACs (docs/timing.md)">;
def : Asc_Constant<"L0aWriteBytesPerCycle", 256,
    "hardware.md §7.2 (pypto: L0A write 256 B/cycle)">;
def : Asc_Constant<"L0bWriteBytesPerCycle", 128,
    "hardware.md §7.2 (pypto: L0B write 128 B/cycle)">;
def : Asc_Constant<"L1WriteBytesPerCycle", 256,
    "hardware.md §7.2 (pypto: L1 write 256 B/cycle)">;
def : Asc_Constant<"L0cReadBytesPerCycle", 128,
    "hardware.md §7.2 (pypto: L0C read 128 B/cycle)">;
def : Asc_Constant<"LoadData2DLatency", 25,
    "hardware.md §7.2 (pypto: LoadData2D +9 cycles +16 L1 datapath)">;
def : Asc_Constant<"LoadData3DLatency", 27,
    "hardware.md §7.2 (pypto: LoadData3D +27)">;

// The L2 working-set model (docs/timing.md): per-core DMA rates when the
// launch's GM buffers fit in L2, and the chip's L2 bandwidth.
def : Asc_Constant<"L2ReadBytesPerCycle", 110,
    "hardware.md §1.2 / §7.2 (910B1 ini [AICoreMemoryRates] l2_read_rate = "
    "l2_rate = 110 B/cycle per core; read, not fitted)">;
def : Asc_Constant<"L2WriteBytesPerCycle", 86,
    "hardware.md §1.2 / §7.2 (910B1 ini l2_write_rate = 86 B/cycle per core; "
    "read, not fitted)">;
def : Asc_Constant<"L2LineBytes", 512,
    "hardware.md §2.1 (A2/A3 L2 line 512 B: pypto CacheConfig.toml and a "
    "third-party runtime)">;

def : Asc_Constant<"LaunchOverheadNs", 3000,
    "hardware.md §7.3 (Task Duration - aiv_time of 0.5-9 us; 3 us "
    "assumed)">;

// One class of vector instructions of pypto's VEC_VALU_TAB (hardware.md
// §7.1): bytes per cycle and completion delay by the element type the
// instruction works on (f16: either operand is 16-bit float; f32: a 32-bit
// float; i16 / i32: integers by the width of the destination), and the
// throughput factor.
class Asc_VecTiming<string className, int pF16, int pF32, int pI16, int pI32,
                    int dF16, int dF32, int dInt, int thr, string src>
    : Asc_Fact<src> {
  string name = className;
  int parallelF16 = pF16;
  int parallelF32 = pF32;
  int parallelI16 = pI16;
  int parallelI32 = pI32;
  int delayF16 = dF16;
  int delayF32 = dF32;
  int delayInt = dInt;
  int throughput = thr;
}

defvar Asc_Valu = "hardware.md §7.1 (pypto VEC_VALU_TAB)";
defvar Asc_Assumed = "assumed: not in hardware.md §7.1's table; the closest "
                     "class";
def Asc_VADD : Asc_VecTiming<"VADD", 256, 256, 256, 256, 6, 6, 4, 1, Asc_Valu>;
def Asc_VMUL : Asc_VecTiming<"VMUL", 256, 256, 128, 256, 7, 7, 5, 1, Asc_Valu>;
def Asc_VMAX : Asc_VecTiming<"VMAX", 256, 256, 256, 256, 4, 4, 4, 1, Asc_Valu>;
def Asc_VDIV : Asc_VecTiming<"VDIV", 64, 128, 128, 128, 13, 13, 13, 1,
                             Asc_Valu>;
def Asc_VEXP : Asc_VecTiming<"VEXP", 64, 128, 128, 128, 12, 12, 12, 1,
                             Asc_Valu>;
def Asc_VLN : Asc_VecTiming<"VLN", 64, 128, 128, 128, 14, 14, 14, 1,
                            Asc_Valu>;
def Asc_VSQRT : Asc_VecTiming<"VSQRT", 64, 128, 128, 128, 13, 13, 13, 1,
                              Asc_Valu>;
def Asc_VREC : Asc_VecTiming<"VREC", 256, 256, 256, 256, 5, 5, 5, 1,
                             Asc_Valu>;
def Asc_VSEL : Asc_VecTiming<"VSEL", 256, 256, 256, 256, 5, 5, 5, 1,
                             Asc_Valu # " (4-6: 5)">;
def Asc_VCONV : Asc_VecTiming<"VCONV", 256, 256, 256, 256, 4, 4, 4, 1,
                              Asc_Valu>;
def Asc_VCOPY : Asc_VecTiming<"VCOPY", 128, 128, 128, 128, 4, 4, 4, 1,
                              Asc_Valu>;
def Asc_VCADD : Asc_VecTiming<"VCADD", 256, 256, 256, 256, 23, 20, 20, 1,
                              Asc_Valu>;
def Asc_VCMAX : Asc_VecTiming<"VCMAX", 256, 256, 256, 256, 9, 8, 8, 7,
                              Asc_Valu>;
def Asc_VCGADD : Asc_VecTiming<"VCGADD", 256, 256, 256, 256, 15, 12, 12, 1,
                               Asc_Valu>;
def Asc_VCGMAX : Asc_VecTiming<"VCGMAX", 256, 256, 256, 256, 6, 5, 5, 1,
                               Asc_Valu>;
// Sort32 (VBITSORT) and MrgSort (VMRGSORT4) share one row.
def Asc_VBITSORT : Asc_VecTiming<"VBITSORT", 128, 64, 128, 64, 18, 18, 18, 1,
                                 Asc_Valu>;
// Integer and bitwise ops, fills, compares: not in the table.
def Asc_VOTHER : Asc_VecTiming<"VOTHER", 256, 256, 256, 256, 4, 4, 4, 1,
                               Asc_Assumed # " (VMAX)">;

#endif // ASCIR_DIALECT_ASC_IR_ASCHARDWARE_TD
