//===- ir.cpp - Context, types, attributes and a generic builder -*- C++
//-*-===//
//
// The frontend builds every op generically (name, operands, result types,
// attributes, regions): the op table lives in ODS only, and the verifier is the
// single authority on what is legal. Types and attributes are parsed from
// their textual form once and cached on the Python side.
//
//===----------------------------------------------------------------------===//

#include "ir.h"
#include "bindings.h"

#include "ascir/InitAll.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <memory>

namespace nb = nanobind;
using namespace mlir;
using namespace pyasc;

NbContext::NbContext() {
  DialectRegistry registry;
  ascir::registerAllDialects(registry);
  ctx =
      std::make_unique<MLIRContext>(registry, MLIRContext::Threading::DISABLED);
  ctx->loadAllAvailableDialects();
  // Users see diagnostics at their Python line; an IR dump of the failing op
  // attached as a note would only be noise to them.
  ctx->printOpOnDiagnostic(false);
}

namespace {

std::string toString(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  t.print(os);
  return s;
}

std::string toString(Attribute a) {
  std::string s;
  llvm::raw_string_ostream os(s);
  a.print(os);
  return s;
}

/// Parse helpers raise ValueError with MLIR's own message.
Type parseTypeOrThrow(MLIRContext *ctx, const std::string &text) {
  pyasc::DiagnosticCapture capture(ctx);
  Type t = parseType(text, ctx);
  if (!t) {
    auto diags = capture.take();
    std::string why = diags.empty() ? "" : ": " + diags.front().message;
    throw nb::value_error(("cannot parse type '" + text + "'" + why).c_str());
  }
  return t;
}

Attribute parseAttrOrThrow(MLIRContext *ctx, const std::string &text) {
  pyasc::DiagnosticCapture capture(ctx);
  Attribute a = parseAttribute(text, ctx);
  if (!a) {
    auto diags = capture.take();
    std::string why = diags.empty() ? "" : ": " + diags.front().message;
    throw nb::value_error(
        ("cannot parse attribute '" + text + "'" + why).c_str());
  }
  return a;
}

void bindContext(nb::module_ &m) {
  nb::class_<NbContext>(m, "Context")
      .def("__init__",
           [](NbContext *) {
             throw nb::type_error("use asc._C._asc.ir.create_context()");
           })
      .def("parse_type",
           [](NbContext &c, const std::string &text) {
             return NbType{parseTypeOrThrow(c.ctx.get(), text)};
           })
      .def("try_parse_type",
           [](NbContext &c, const std::string &text)
               -> std::pair<std::optional<NbType>, std::vector<pyasc::Diag>> {
             pyasc::DiagnosticCapture capture(c.ctx.get());
             Type t = parseType(text, c.ctx.get());
             if (t)
               return {NbType{t}, {}};
             std::vector<pyasc::Diag> diags = capture.take();
             // Their locations point into `text`, not at the user's source:
             // the caller places them at the Python line being compiled.
             for (pyasc::Diag &d : diags) {
               d.file.clear();
               d.line = d.col = 0;
             }
             pyasc::ensureDiagnostic(diags, "parsing type '" + text + "'");
             return {std::nullopt, std::move(diags)};
           })
      .def("parse_attr",
           [](NbContext &c, const std::string &text) {
             return NbAttr{parseAttrOrThrow(c.ctx.get(), text)};
           })
      .def("int_attr",
           [](NbContext &, const NbType &t, int64_t v) {
             return NbAttr{IntegerAttr::get(t.type, v)};
           })
      .def("float_attr",
           [](NbContext &, const NbType &t, double v) {
             return NbAttr{FloatAttr::get(t.type, v)};
           })
      .def("str_attr",
           [](NbContext &c, const std::string &s) {
             return NbAttr{StringAttr::get(c.ctx.get(), s)};
           })
      .def("type_attr",
           [](NbContext &, const NbType &t) {
             return NbAttr{TypeAttr::get(t.type)};
           })
      .def("unit_attr",
           [](NbContext &c) { return NbAttr{UnitAttr::get(c.ctx.get())}; })
      .def("symbol_ref_attr",
           [](NbContext &c, const std::string &s) {
             return NbAttr{FlatSymbolRefAttr::get(c.ctx.get(), s)};
           })
      .def("function_type",
           [](NbContext &c, const std::vector<NbType> &ins,
              const std::vector<NbType> &outs) {
             SmallVector<Type> i, o;
             for (auto &t : ins)
               i.push_back(t.type);
             for (auto &t : outs)
               o.push_back(t.type);
             return NbType{FunctionType::get(c.ctx.get(), i, o)};
           })
      .def("file_loc",
           [](NbContext &c, const std::string &file, unsigned line,
              unsigned col) {
             return NbLoc{FileLineColLoc::get(c.ctx.get(), file, line, col)};
           })
      .def("name_loc",
           [](NbContext &c, const std::string &name, const NbLoc &child) {
             return NbLoc{
                 NameLoc::get(StringAttr::get(c.ctx.get(), name), child.loc)};
           })
      .def("unknown_loc",
           [](NbContext &c) { return NbLoc{UnknownLoc::get(c.ctx.get())}; })
      // @asc.jit(ir_multithreading=...): whether passes over several
      // functions may run on MLIR's thread pool.
      .def_prop_rw(
          "multithreading",
          [](NbContext &c) { return c.ctx->isMultithreadingEnabled(); },
          [](NbContext &c, bool on) { c.ctx->enableMultithreading(on); });
  m.def("create_context", []() { return std::make_shared<NbContext>(); });
}

void bindValues(nb::module_ &m) {
  nb::class_<NbType>(m, "Type")
      .def("__str__", [](const NbType &t) { return toString(t.type); })
      .def("__eq__",
           [](const NbType &a, const NbType &b) { return a.type == b.type; })
      .def("__hash__",
           [](const NbType &t) {
             return std::hash<const void *>()(t.type.getAsOpaquePointer());
           })
      .def("is_integer", [](const NbType &t) { return t.type.isInteger(); })
      .def("is_float", [](const NbType &t) { return isa<FloatType>(t.type); })
      .def("int_or_float_bitwidth",
           [](const NbType &t) { return t.type.getIntOrFloatBitWidth(); });

  nb::class_<NbAttr>(m, "Attribute").def("__str__", [](const NbAttr &a) {
    return toString(a.attr);
  });

  nb::class_<NbLoc>(m, "Location");

  nb::class_<NbValue>(m, "Value")
      .def_prop_ro("type",
                   [](const NbValue &v) { return NbType{v.value.getType()}; })
      .def("set_type",
           [](NbValue &v, const NbType &t) { v.value.setType(t.type); })
      .def("owner_name",
           [](const NbValue &v) -> std::optional<std::string> {
             if (Operation *op = v.value.getDefiningOp())
               return op->getName().getStringRef().str();
             return std::nullopt;
           })
      .def("set_name_hint",
           [](NbValue &v, const std::string &name) {
             // The emitter names the C++ variable after the Python one.
             Operation *op = v.value.getDefiningOp();
             if (!op || op->getNumResults() != 1 || isa<NameLoc>(op->getLoc()))
               return;
             op->setLoc(NameLoc::get(StringAttr::get(op->getContext(), name),
                                     op->getLoc()));
           })
      .def("name_hint",
           [](const NbValue &v) -> std::optional<std::string> {
             // The Python variable name of a value, so a value derived from
             // it (a LocalTensor setter's result) can keep it.
             Location loc = v.value.getLoc();
             if (Operation *op = v.value.getDefiningOp())
               loc = op->getLoc();
             if (auto name = dyn_cast<NameLoc>(loc))
               return name.getName().str();
             return std::nullopt;
           })
      .def("constant_int",
           [](const NbValue &v) -> std::optional<int64_t> {
             // Lets the frontend fold compile-time knowledge cheaply.
             Operation *op = v.value.getDefiningOp();
             if (!op || op->getName().getStringRef() != "arith.constant")
               return std::nullopt;
             if (auto a = op->getAttrOfType<IntegerAttr>("value"))
               return a.getValue().getSExtValue();
             return std::nullopt;
           })
      .def("__eq__", [](const NbValue &a, const NbValue &b) {
        return a.value == b.value;
      });

  nb::class_<NbBlock>(m, "Block")
      .def("arg",
           [](const NbBlock &b, unsigned i) {
             if (i >= b.block->getNumArguments())
               throw nb::index_error("block argument index out of range");
             return NbValue{b.block->getArgument(i)};
           })
      .def_prop_ro("num_args",
                   [](const NbBlock &b) { return b.block->getNumArguments(); })
      .def("has_terminator", [](const NbBlock &b) {
        return !b.block->empty() &&
               b.block->back().hasTrait<OpTrait::IsTerminator>();
      });

  nb::class_<NbRegion>(m, "Region")
      .def("add_block",
           [](NbRegion &r, const std::vector<NbType> &types,
              const std::vector<NbLoc> &locs) {
             if (types.size() != locs.size())
               throw nb::value_error("one location per block argument needed");
             Block &block = r.region->emplaceBlock();
             for (size_t i = 0; i < types.size(); ++i)
               block.addArgument(types[i].type, locs[i].loc);
             return NbBlock{&block};
           })
      .def("take_body",
           [](NbRegion &r, NbRegion &other) {
             r.region->takeBody(*other.region);
           })
      .def("front", [](const NbRegion &r) {
        if (r.region->empty())
          throw nb::index_error("region has no block");
        return NbBlock{&r.region->front()};
      });

  nb::class_<NbOp>(m, "Operation")
      .def("result",
           [](const NbOp &o, unsigned i) {
             if (i >= o.op->getNumResults())
               throw nb::index_error("result index out of range");
             return NbValue{o.op->getResult(i)};
           })
      .def_prop_ro("num_results",
                   [](const NbOp &o) { return o.op->getNumResults(); })
      .def("region",
           [](const NbOp &o, unsigned i) {
             if (i >= o.op->getNumRegions())
               throw nb::index_error("region index out of range");
             return NbRegion{&o.op->getRegion(i)};
           })
      .def_prop_ro(
          "name",
          [](const NbOp &o) { return o.op->getName().getStringRef().str(); })
      .def("set_attr", [](NbOp &o, const std::string &name,
                          const NbAttr &a) { o.op->setAttr(name, a.attr); })
      .def("erase", [](NbOp &o) { o.op->erase(); })
      .def("__str__", [](const NbOp &o) {
        std::string s;
        llvm::raw_string_ostream os(s);
        o.op->print(os);
        return s;
      });
}

void bindModule(nb::module_ &m) {
  nb::class_<NbModule>(m, "Module")
      .def_prop_ro("body",
                   [](NbModule &mod) { return NbBlock{mod.module->getBody()}; })
      .def(
          "to_string",
          [](NbModule &mod, bool debugInfo) {
            std::string s;
            llvm::raw_string_ostream os(s);
            OpPrintingFlags flags;
            if (debugInfo)
              flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/true);
            mod.module->print(os, flags);
            return s;
          },
          nb::arg("debug_info") = false)
      .def("__str__",
           [](NbModule &mod) {
             std::string s;
             llvm::raw_string_ostream os(s);
             mod.module->print(os);
             return s;
           })
      .def("verify", [](NbModule &mod) {
        pyasc::DiagnosticCapture capture(mod.ctx->ctx.get());
        bool invalid = failed(mlir::verify(*mod.module));
        auto diags = capture.take();
        if (invalid)
          pyasc::ensureDiagnostic(diags, "verification");
        return diags;
      });
  m.def(
      "create_module",
      [](ContextRef ctx, const NbLoc &loc) {
        auto mod = std::make_unique<NbModule>();
        mod->ctx = ctx;
        mod->module = ModuleOp::create(loc.loc);
        return mod.release();
      },
      nb::rv_policy::take_ownership);
  m.def(
      "parse_module",
      [](ContextRef ctx, const std::string &text) {
        pyasc::DiagnosticCapture capture(ctx->ctx.get());
        auto parsed = parseSourceString<ModuleOp>(text, ctx->ctx.get());
        if (!parsed) {
          auto diags = capture.take();
          std::string why = diags.empty() ? "" : ": " + diags.front().message;
          throw nb::value_error(("cannot parse module" + why).c_str());
        }
        auto mod = std::make_unique<NbModule>();
        mod->ctx = ctx;
        mod->module = std::move(parsed);
        return mod.release();
      },
      nb::rv_policy::take_ownership);
}

void bindBuilder(nb::module_ &m) {
  nb::class_<NbBuilder>(m, "Builder")
      .def(nb::init<ContextRef>())
      .def("set_loc", [](NbBuilder &b, const NbLoc &l) { b.loc = l.loc; })
      .def("get_loc", [](NbBuilder &b) { return NbLoc{b.loc}; })
      .def("set_insertion_point_to_end",
           [](NbBuilder &b, NbBlock &blk) {
             b.builder.setInsertionPointToEnd(blk.block);
           })
      .def("set_insertion_point_before",
           [](NbBuilder &b, NbOp &op) { b.builder.setInsertionPoint(op.op); })
      .def("insertion_block",
           [](NbBuilder &b) { return NbBlock{b.builder.getInsertionBlock()}; })
      .def(
          "create",
          [](NbBuilder &b, const std::string &name,
             const std::vector<NbValue> &operands,
             const std::vector<NbType> &resultTypes,
             const std::vector<std::pair<std::string, NbAttr>> &attrs,
             unsigned numRegions) {
            MLIRContext *ctx = b.ctx->ctx.get();
            auto opName = RegisteredOperationName::lookup(name, ctx);
            if (!opName)
              throw nb::value_error(
                  ("unknown operation '" + name + "'").c_str());
            OperationState state(b.loc, *opName);
            for (const NbValue &v : operands)
              state.operands.push_back(v.value);
            for (const NbType &t : resultTypes)
              state.types.push_back(t.type);
            for (const auto &[key, a] : attrs)
              state.addAttribute(key, a.attr);
            for (unsigned i = 0; i < numRegions; ++i)
              state.addRegion();
            Operation *op = b.builder.create(state);
            return NbOp{op};
          },
          nb::arg("name"), nb::arg("operands"), nb::arg("result_types"),
          nb::arg("attrs"), nb::arg("num_regions") = 0);
}

} // namespace

void init_ir(nb::module_ &m) {
  bindContext(m);
  bindValues(m);
  bindModule(m);
  bindBuilder(m);
}
