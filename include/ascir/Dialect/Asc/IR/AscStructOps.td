//===- AscStructOps.td - user structs ----------------------*- tablegen -*-===//
//
// Python `asc.Struct` values inside a kernel: a copy of a struct passed
// through a GM pointer, field reads and field writes. Struct values have
// value semantics; a field write yields a new struct value.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCSTRUCTOPS_TD
#define ASCIR_DIALECT_ASC_IR_ASCSTRUCTOPS_TD

def Asc_GMAddrOfStruct : Type<
  And<[Asc_GMAddrType.predicate,
       CPred<"::llvm::isa<::mlir::asc::StructType>("
             "::llvm::cast<::mlir::asc::GMAddrType>($_self).getElementType())">
  ]>,
  "GM pointer to a struct", "::mlir::asc::GMAddrType">;

//===----------------------------------------------------------------------===//
// StructLoadOp
//===----------------------------------------------------------------------===//

def Asc_StructLoadOp : Asc_Op<"struct_load", [
    TypesMatchWith<"result is the struct the pointer points to", "ptr",
                   "result",
                   "::llvm::cast<::mlir::asc::GMAddrType>($_self)"
                   ".getElementType()">]> {
  let pyName = "Struct";
  let summary = "copy a struct from global memory";
  let description = [{
    A struct kernel argument arrives as a GM pointer; the kernel works on a
    local byte copy of it.

    ```mlir
    %s = asc.struct_load %ptr : !asc.gm_addr<!asc.struct<"Tiling", ["total" : i32]>>
    ```
    ```c++
    Tiling s = *ptr;
    ```
  }];
  let arguments = (ins
    Arg<Asc_GMAddrOfStruct, "pointer to the struct", [MemRead<Asc_GMResource>]>:
        $ptr
  );
  let results = (outs Asc_StructType:$result);
  let assemblyFormat = "$ptr attr-dict `:` qualified(type($ptr))";
}

//===----------------------------------------------------------------------===//
// StructGetOp
//===----------------------------------------------------------------------===//

def Asc_StructGetOp : Asc_Op<"struct_get", [Pure]> {
  let pyName = "Struct";
  let summary = "read a field of a struct";
  let description = [{
    The result type is the field's type. Reading a field just written by
    `asc.struct_set` folds to the written value.

    ```mlir
    %f = asc.struct_get %s["total"] : !asc.struct<"Tiling", ["total" : i32]> -> i32
    ```
    ```c++
    s.total
    ```
  }];
  let arguments = (ins
    Arg<Asc_StructType, "struct">:$input,
    StrAttr:$field
  );
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $input `[` $field `]` attr-dict `:` qualified(type($input)) `->`
    type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// StructSetOp
//===----------------------------------------------------------------------===//

def Asc_StructSetOp : Asc_Op<"struct_set", [
    Pure, AllTypesMatch<["input", "result"]>]> {
  let pyName = "Struct";
  let summary = "a copy of a struct with one field replaced";
  let description = [{
    Python `s.field = value` rebinds `s` to the result. The emitter assigns
    the field in place when nothing else reads the old struct, and copies
    the struct first otherwise.

    ```mlir
    %s2 = asc.struct_set %s["total"], %v : !asc.struct<"Tiling", ["total" : i32]>, i32
    ```
    ```c++
    s.total = v;
    ```
  }];
  let arguments = (ins
    Arg<Asc_StructType, "struct">:$input,
    StrAttr:$field,
    Arg<AnyType, "new field value">:$value
  );
  let results = (outs Asc_StructType:$result);
  let assemblyFormat = [{
    $input `[` $field `]` `,` $value attr-dict `:` qualified(type($input))
    `,` type($value)
  }];
  let hasVerifier = 1;
}

#endif // ASCIR_DIALECT_ASC_IR_ASCSTRUCTOPS_TD
