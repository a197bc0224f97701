//===- AscFrameworkOps.td - TPipe, TQue, TBuf, pools ------*- tablegen -*-===//
//
// The TPipe framework (ascendc_api.md §2.4-§2.8): objects that own on-chip
// buffers (TPipe, TQue, TQueBind, TBuf, TBufPool, LocalMemAllocator), the
// calls that carve buffers for them, and the queue protocol (AllocTensor,
// EnQue, DeQue, FreeTensor) that synchronises pipes through hardware flags.
//
// Objects are created by one op each and cannot be copied. Every other op is
// a member call on its operand #0 and goes through the generic API printer.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCFRAMEWORKOPS_TD
#define ASCIR_DIALECT_ASC_IR_ASCFRAMEWORKOPS_TD

//===----------------------------------------------------------------------===//
// Object declarations
//===----------------------------------------------------------------------===//

// Declares one framework object of type `type`. Each op is a new object, so
// CSE never merges two of them; unused ones are dropped.
class Asc_ObjectOp<string mnemonic, Type type, list<Trait> traits = []>
    : Asc_Op<mnemonic, traits> {
  let results = (outs
    Res<type, "new object", [MemAlloc<Asc_PipeResource>]>:$result
  );
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def Asc_TPipeOp : Asc_ObjectOp<"tpipe", Asc_TPipeType, [
    MemoryEffects<[MemWrite<Asc_PipeResource>, MemWrite<Asc_SyncResource>]>]> {
  let pyName = "TPipe";
  let summary = "create the core's TPipe";
  let description = [{
    Python `asc.TPipe()`. Constructing a TPipe registers it as the core's
    current pipe and initialises the SoC state and the event-id pools, so
    the op is kept even when its result is unused. Only one TPipe may be
    alive at a time.

    ```mlir
    %pipe = asc.tpipe : !asc.tpipe
    ```
    ```c++
    AscendC::TPipe pipe;
    ```
  }];
}

def Asc_TQueOp : Asc_ObjectOp<"tque", Asc_TQueType> {
  let pyName = "TQue";
  let summary = "declare a queue";
  let description = [{
    Python `asc.TQue(pos, depth)`. The queue has no buffers until
    `asc.tpipe_init_buffer` (or `asc.tbuf_pool_init_buffer`) gives it some.

    ```mlir
    %q = asc.tque : !asc.tque<vecin, 2>
    ```
    ```c++
    AscendC::TQue<AscendC::TPosition::VECIN, 2> q;
    ```
  }];
}

def Asc_TQueBindOp : Asc_ObjectOp<"tque_bind", Asc_TQueBindType> {
  let pyName = "TQueBind";
  let summary = "declare a queue between two positions";
  let description = [{
    Python `asc.TQueBind(src, dst, depth)`.

    ```mlir
    %q = asc.tque_bind : !asc.tque_bind<vecin, vecout, 1>
    ```
    ```c++
    AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> q;
    ```
  }];
}

def Asc_TBufOp : Asc_ObjectOp<"tbuf", Asc_TBufType> {
  let pyName = "TBuf";
  let summary = "declare an un-queued buffer";
  let description = [{
    Python `asc.TBuf(pos)`.

    ```mlir
    %b = asc.tbuf : !asc.tbuf<veccalc>
    ```
    ```c++
    AscendC::TBuf<AscendC::TPosition::VECCALC> b;
    ```
  }];
}

def Asc_TBufPoolOp : Asc_ObjectOp<"tbuf_pool", Asc_TBufPoolType> {
  let pyName = "TBufPool";
  let summary = "declare a buffer pool";
  let description = [{
    Python `asc.TBufPool(pos, buf_id_size)`.

    ```mlir
    %pool = asc.tbuf_pool : !asc.tbuf_pool<vecin, 4>
    ```
    ```c++
    AscendC::TBufPool<AscendC::TPosition::VECIN, 4> pool;
    ```
  }];
}

def Asc_LocalMemAllocatorOp
    : Asc_ObjectOp<"local_mem_allocator", Asc_LocalMemAllocatorType> {
  let pyName = "LocalMemAllocator";
  let summary = "declare a bump allocator of static local tensors";
  let description = [{
    Python `asc.LocalMemAllocator(hard)`. Allocation starts at address 0 of
    the memory.

    ```mlir
    %a = asc.local_mem_allocator : !asc.local_mem_allocator<ub>
    ```
    ```c++
    AscendC::LocalMemAllocator<AscendC::Hardware::UB> a;
    ```
  }];
}

//===----------------------------------------------------------------------===//
// GetTPipePtrOp
//===----------------------------------------------------------------------===//

def Asc_GetTPipePtrOp : Asc_Op<"get_tpipe_ptr", [Asc_PipeReadEffects]> {
  let summary = "the core's current TPipe";
  let description = [{
    Python `asc.get_tpipe_ptr()`. The result refers to the pipe created last
    (the C++ variable is a reference, not a copy).

    ```mlir
    %pipe = asc.get_tpipe_ptr : !asc.tpipe
    ```
    ```c++
    AscendC::TPipe& pipe = *GetTPipePtr();
    ```
  }];
  let results = (outs Asc_TPipeType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

//===----------------------------------------------------------------------===//
// TPipe: buffers
//===----------------------------------------------------------------------===//

def Asc_TPipeInitBufferOp
    : Asc_MemberOp<"tpipe_init_buffer", "InitBuffer", [Asc_PipeEffects]> {
  let pyName = "TPipe.init_buffer";
  let summary = "give a queue its buffers";
  let description = [{
    Python `pipe.init_buffer(que, num, len)`: `num` buffers (2 = double
    buffering) of `len` bytes each, rounded up to 32 bytes, in the memory of
    the queue's position. A constant `num` must be in [1, 64] and a constant
    `len` positive.

    ```mlir
    asc.tpipe_init_buffer %pipe, %q, %num, %len : !asc.tque<vecin, 2>, i32, i32
    ```
    ```c++
    pipe.InitBuffer(q, num, len);
    ```
  }];
  let arguments = (ins
    Arg<Asc_TPipeType, "pipe">:$pipe,
    Arg<Asc_AnyQueue, "queue receiving the buffers">:$queue,
    Arg<AnySignlessInteger, "number of buffers">:$num,
    Arg<AnySignlessInteger, "bytes per buffer">:$length
  );
  let assemblyFormat = [{
    $pipe `,` $queue `,` $num `,` $length attr-dict `:`
    qualified(type($queue)) `,` type($num) `,` type($length)
  }];
  let hasVerifier = 1;
}

def Asc_TPipeInitTBufOp
    : Asc_MemberOp<"tpipe_init_tbuf", "InitBuffer", [Asc_PipeEffects]> {
  let pyName = "TPipe.init_buffer";
  let summary = "give a TBuf its buffer";
  let description = [{
    Python `pipe.init_buffer(buf, num)` (for a TBuf the second argument is
    the byte length). `len` is rounded up to 32 bytes; a constant `len` must
    be positive.

    ```mlir
    asc.tpipe_init_tbuf %pipe, %b, %len : !asc.tbuf<veccalc>, i32
    ```
    ```c++
    pipe.InitBuffer(b, len);
    ```
  }];
  let arguments = (ins
    Arg<Asc_TPipeType, "pipe">:$pipe,
    Arg<Asc_TBufType, "buffer">:$buf,
    Arg<AnySignlessInteger, "bytes">:$length
  );
  let assemblyFormat = [{
    $pipe `,` $buf `,` $length attr-dict `:` qualified(type($buf)) `,`
    type($length)
  }];
  let hasVerifier = 1;
}

def Asc_TPipeInitBufPoolOp
    : Asc_MemberOp<"tpipe_init_buf_pool", "InitBufPool", [Asc_PipeEffects]> {
  let pyName = "TPipe.init_buf_pool";
  let summary = "give a buffer pool its memory";
  let description = [{
    Python `pipe.init_buf_pool(pool, len[, share_buf])`: `len` bytes for the
    pool, or, with `share`, the memory of another pool (`len` must not exceed
    the shared pool's length).

    ```mlir
    asc.tpipe_init_buf_pool %pipe, %pool, %len : !asc.tbuf_pool<vecin, 4>, i32
    asc.tpipe_init_buf_pool %pipe, %pool2, %len, %pool : !asc.tbuf_pool<vecin, 4>, i32, !asc.tbuf_pool<vecin, 4>
    ```
    ```c++
    pipe.InitBufPool(pool, len);
    pipe.InitBufPool(pool2, len, pool);
    ```
  }];
  let arguments = (ins
    Arg<Asc_TPipeType, "pipe">:$pipe,
    Arg<Asc_TBufPoolType, "pool">:$pool,
    Arg<AnySignlessInteger, "bytes">:$length,
    Arg<Optional<Asc_TBufPoolType>, "pool whose memory is shared">:$share
  );
  let assemblyFormat = [{
    $pipe `,` $pool `,` $length (`,` $share^)? attr-dict `:`
    qualified(type($pool)) `,` type($length) (`,` qualified(type($share))^)?
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// TPipe: life cycle
//===----------------------------------------------------------------------===//

// A member call on the pipe without arguments or result.
class Asc_TPipeLifeCycleOp<string mnemonic, string member>
    : Asc_MemberOp<mnemonic, member, [Asc_QueueEffects]> {
  let arguments = (ins Arg<Asc_TPipeType, "pipe">:$pipe);
  let assemblyFormat = "$pipe attr-dict";
}

def Asc_TPipeInitOp : Asc_TPipeLifeCycleOp<"tpipe_init", "Init"> {
  let pyName = "TPipe.init";
  let summary = "re-initialise a destroyed pipe";
  let description = [{
    ```mlir
    asc.tpipe_init %pipe
    ```
    ```c++
    pipe.Init();
    ```
  }];
}

def Asc_TPipeResetOp : Asc_TPipeLifeCycleOp<"tpipe_reset", "Reset"> {
  let pyName = "TPipe.reset";
  let summary = "release every buffer of the pipe";
  let description = [{
    Buffers given out by InitBuffer become free so they can be given out
    again.

    ```mlir
    asc.tpipe_reset %pipe
    ```
    ```c++
    pipe.Reset();
    ```
  }];
}

def Asc_TPipeDestroyOp : Asc_TPipeLifeCycleOp<"tpipe_destroy", "Destroy"> {
  let pyName = "TPipe.destroy";
  let summary = "wait for outstanding events and release the pipe";
  let description = [{
    Needed before another TPipe is created.

    ```mlir
    asc.tpipe_destroy %pipe
    ```
    ```c++
    pipe.Destroy();
    ```
  }];
}

//===----------------------------------------------------------------------===//
// TPipe: event ids
//===----------------------------------------------------------------------===//

// AllocEventID / FetchEventID: the event is the template argument.
class Asc_TPipeEventIdOp<string mnemonic, string member, list<Trait> traits>
    : Asc_MemberOp<mnemonic, member, traits, /*hasTemplateArgs=*/1> {
  let arguments = (ins
    Arg<Asc_TPipeType, "pipe">:$pipe,
    Asc_HardEventAttr:$event
  );
  let results = (outs AnySignlessInteger:$result);
  let assemblyFormat = "$pipe `,` $event attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Asc_TPipeAllocEventIdOp
    : Asc_TPipeEventIdOp<"tpipe_alloc_event_id", "AllocEventID",
                         [Asc_PipeEffects]> {
  let pyName = "TPipe.alloc_event_id";
  let summary = "reserve a flag id of a hardware event";
  let description = [{
    Python `pipe.alloc_event_id(event)`. The id must be released with
    `asc.tpipe_release_event_id`.

    ```mlir
    %id = asc.tpipe_alloc_event_id %pipe, v_s : i32
    ```
    ```c++
    static_cast<int32_t>(pipe.AllocEventID<AscendC::HardEvent::V_S>())
    ```
  }];
}

def Asc_TPipeFetchEventIdOp
    : Asc_TPipeEventIdOp<"tpipe_fetch_event_id", "FetchEventID",
                         [Asc_PipeReadEffects]> {
  let pyName = "TPipe.fetch_event_id";
  let summary = "a free flag id of a hardware event, without reserving it";
  let description = [{
    Python `pipe.fetch_event_id(event)`.

    ```mlir
    %id = asc.tpipe_fetch_event_id %pipe, v_s : i32
    ```
    ```c++
    static_cast<int32_t>(pipe.FetchEventID<AscendC::HardEvent::V_S>())
    ```
  }];
}

def Asc_TPipeReleaseEventIdOp
    : Asc_MemberOp<"tpipe_release_event_id", "ReleaseEventID",
                   [Asc_PipeEffects], /*hasTemplateArgs=*/1> {
  let pyName = "TPipe.release_event_id";
  let summary = "release a flag id reserved with tpipe_alloc_event_id";
  let description = [{
    Python `pipe.release_event_id(id, event)`.

    ```mlir
    asc.tpipe_release_event_id %pipe, v_s, %id : i32
    ```
    ```c++
    pipe.ReleaseEventID<AscendC::HardEvent::V_S>(id);
    ```
  }];
  let arguments = (ins
    Arg<Asc_TPipeType, "pipe">:$pipe,
    Asc_HardEventAttr:$event,
    Arg<AnySignlessInteger, "flag id">:$id
  );
  let assemblyFormat = "$pipe `,` $event `,` $id attr-dict `:` type($id)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Queues: tensors
//===----------------------------------------------------------------------===//

// AllocTensor / DeQue: a new tensor of the queue's position; the element type
// is the template argument.
class Asc_QueueTensorOp<string mnemonic, string member>
    : Asc_MemberOp<mnemonic, member, [Asc_QueueEffects],
                   /*hasTemplateArgs=*/1> {
  let arguments = (ins Arg<Asc_AnyQueue, "queue">:$queue);
  let results = (outs Asc_LocalTensorType:$result);
  let assemblyFormat = [{
    $queue attr-dict `:` qualified(type($queue)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Asc_AllocTensorOp : Asc_QueueTensorOp<"alloc_tensor", "AllocTensor"> {
  let pyName = "TQue.alloc_tensor";
  let summary = "take a free buffer of a queue";
  let description = [{
    Python `que.alloc_tensor(dtype)`. Waits until the next buffer is free
    (its consumer called FreeTensor). The tensor has the queue's position;
    the queue's depth must be at least 1.

    `in_place`: Python `que.alloc_tensor(t)` on a queue of depth 0, Ascend
    C's in-place `AllocTensor(LocalTensor<T>&)` (only for depth 0,
    ascendc_api.md §6.6), printed on a new variable.

    ```mlir
    %t = asc.alloc_tensor %q : !asc.tque<vecin, 2> -> !asc.local_tensor<vecin, f32>
    %u = asc.alloc_tensor %q0 {in_place} : !asc.tque<vecin, 0> -> !asc.local_tensor<vecin, f32>
    ```
    ```c++
    AscendC::LocalTensor<float> t = q.AllocTensor<float>();
    AscendC::LocalTensor<float> u;
    q0.AllocTensor(u);
    ```
  }];
  let arguments = (ins Arg<Asc_AnyQueue, "queue">:$queue, UnitAttr:$in_place);
}

def Asc_DeQueOp : Asc_QueueTensorOp<"deque", "DeQue"> {
  let pyName = "TQue.deque";
  let summary = "take the oldest enqueued tensor of a queue";
  let description = [{
    Python `que.deque(dtype)` / `que.deque(dtype, src_user_pos,
    dst_user_pos)`. Waits until its producer's writes are done. The tensor
    has the queue's position; the queue's depth must be at least 1. With
    the user positions (both or neither; see `asc.enque`) it waits the
    event of those positions, which must be the ones the tensor was
    enqueued with.

    With `tensor`: Python `que.deque(t)` on a queue of depth 0, Ascend C's
    in-place `DeQue(LocalTensor<T>&)` (only for depth 0, no user
    positions): it takes the buffer `tensor` holds, which must have been
    enqueued, and waits the queue's own event with that buffer's id (an
    enque with user positions of another event is never dequeued); it is
    printed on a new variable initialised from `tensor`.

    ```mlir
    %t = asc.deque %q : !asc.tque<vecin, 2> -> !asc.local_tensor<vecin, f32>
    %u = asc.deque %q {src_user_pos = #asc<position vecout>,
                       dst_user_pos = #asc<position gm>}
        : !asc.tque<vecin, 2> -> !asc.local_tensor<vecin, f32>
    ```
    ```c++
    AscendC::LocalTensor<float> t = q.DeQue<float>();
    AscendC::LocalTensor<float> u = q.DeQue<AscendC::TPosition::VECOUT, AscendC::TPosition::GM, float>();
    ```
    ```mlir
    %d = asc.deque %q0 from %t : !asc.local_tensor<vecin, f32> : !asc.tque<vecin, 0> -> !asc.local_tensor<vecin, f32>
    ```
    ```c++
    AscendC::LocalTensor<float> d = t;
    q0.DeQue(d);
    ```
  }];
  let arguments = (ins Arg<Asc_AnyQueue, "queue">:$queue,
                       Optional<Asc_LocalTensorType>:$tensor,
                       OptionalAttr<Asc_TPositionAttr>:$src_user_pos,
                       OptionalAttr<Asc_TPositionAttr>:$dst_user_pos);
  let assemblyFormat = [{
    $queue (`from` $tensor^ `:` qualified(type($tensor)))? attr-dict `:`
    qualified(type($queue)) `->` qualified(type($result))
  }];
}

// EnQue / FreeTensor: hand a tensor of the queue's position back.
class Asc_QueueTensorArgOp<string mnemonic, string member>
    : Asc_MemberOp<mnemonic, member, [Asc_QueueEffects]> {
  let arguments = (ins
    Arg<Asc_AnyQueue, "queue">:$queue,
    Arg<Asc_LocalTensorType, "tensor of the queue">:$tensor
  );
  let assemblyFormat = [{
    $queue `,` $tensor attr-dict `:` qualified(type($queue)) `,`
    qualified(type($tensor))
  }];
  let hasVerifier = 1;
}

def Asc_EnQueOp : Asc_MemberOp<"enque", "EnQue", [Asc_QueueEffects],
                                /*hasTemplateArgs=*/1> {
  let pyName = "TQue.enque";
  let summary = "publish a tensor to the queue's consumer";
  let description = [{
    Python `que.enque(tensor)`. Sets the flag the consumer's DeQue waits for.

    `que.enque(tensor, src_user_pos, dst_user_pos)` (both or neither) names
    the path the data takes instead of the queue's own (hardware.md §3.5):
    each position is GM, VECIN, VECCALC or VECOUT, not both GM, and the
    queue's buffers must be in the Unified Buffer. The event is that of
    the positions' memories: GM to UB sets MTE2_V, UB to GM sets V_MTE3,
    and UB to UB is a PIPE_V barrier.

    ```mlir
    asc.enque %q, %t : !asc.tque<vecin, 2>, !asc.local_tensor<vecin, f32>
    asc.enque %q, %t {src_user_pos = #asc<position vecout>,
                      dst_user_pos = #asc<position gm>}
        : !asc.tque<vecin, 2>, !asc.local_tensor<vecin, f32>
    ```
    ```c++
    q.EnQue(t);
    q.EnQue<AscendC::TPosition::VECOUT, AscendC::TPosition::GM>(t);
    ```
  }];
  let arguments = (ins
    Arg<Asc_AnyQueue, "queue">:$queue,
    Arg<Asc_LocalTensorType, "tensor of the queue">:$tensor,
    OptionalAttr<Asc_TPositionAttr>:$src_user_pos,
    OptionalAttr<Asc_TPositionAttr>:$dst_user_pos
  );
  let assemblyFormat = [{
    $queue `,` $tensor attr-dict `:` qualified(type($queue)) `,`
    qualified(type($tensor))
  }];
  let hasVerifier = 1;
}

def Asc_FreeTensorOp : Asc_QueueTensorArgOp<"free_tensor", "FreeTensor"> {
  let pyName = "TQue.free_tensor";
  let summary = "give a tensor's buffer back to its queue";
  let description = [{
    Python `que.free_tensor(tensor)`. C++ takes the tensor by non-const
    reference, so the emitter always passes a variable.

    ```mlir
    asc.free_tensor %q, %t : !asc.tque<vecin, 2>, !asc.local_tensor<vecin, f32>
    ```
    ```c++
    q.FreeTensor(t);
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Queues: events and queries
//===----------------------------------------------------------------------===//

def Asc_FreeAllEventOp
    : Asc_MemberOp<"free_all_event", "FreeAllEvent", [Asc_QueueEffects]> {
  let pyName = "TQue.free_all_event";
  let summary = "release the event ids a queue holds";
  let description = [{
    Python `que.free_all_event()`. The queue's depth must be at least 1.

    ```mlir
    asc.free_all_event %q : !asc.tque<vecin, 2>
    ```
    ```c++
    q.FreeAllEvent();
    ```
  }];
  let arguments = (ins Arg<Asc_AnyQueue, "queue">:$queue);
  let assemblyFormat = "$queue attr-dict `:` qualified(type($queue))";
  let hasVerifier = 1;
}

// A query of a queue's state; the queue's depth must be at least 1.
// `irType` and `cppType` spell the result type in the example; the bool
// queries return exactly `bool`.
class Asc_QueueQueryOp<string mnemonic, string member, Type resultType,
                       string irType, string cppType, string what>
    : Asc_MemberOp<mnemonic, member, [Asc_PipeReadEffects]> {
  let summary = what;
  let description = [{
    ```mlir
    %r = asc.}] # mnemonic # [{ %q : !asc.tque<vecin, 2> -> }] # irType # [{
    ```
    ```c++
    }] # !if(!eq(cppType, "bool"), "q." # member # "()",
             "static_cast<" # cppType # ">(q." # member # "())") # [{
    ```
  }];
  let castsResult = !if(!eq(cppType, "bool"), 0, 1);
  let arguments = (ins Arg<Asc_AnyQueue, "queue">:$queue);
  let results = (outs resultType:$result);
  let assemblyFormat = [{
    $queue attr-dict `:` qualified(type($queue)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Asc_VacantInQueOp
    : Asc_QueueQueryOp<"vacant_in_que", "VacantInQue", I1, "i1", "bool",
                       "true if another tensor can be enqueued"> {
  let pyName = "TQue.vacant_in_que";
}
def Asc_HasTensorInQueOp
    : Asc_QueueQueryOp<"has_tensor_in_que", "HasTensorInQue", I1, "i1",
                       "bool", "true if a tensor is enqueued"> {
  let pyName = "TQue.has_tensor_in_que";
}
def Asc_GetTensorCountInQueOp
    : Asc_QueueQueryOp<"get_tensor_count_in_que", "GetTensorCountInQue",
                       AnySignlessInteger, "i32", "int32_t",
                       "number of enqueued tensors"> {
  let pyName = "TQue.get_tensor_count_in_que";
}
def Asc_HasIdleBufferOp
    : Asc_QueueQueryOp<"has_idle_buffer", "HasIdleBuffer", I1, "i1", "bool",
                       "true if a buffer is free for alloc_tensor"> {
  let pyName = "TQue.has_idle_buffer";
}

//===----------------------------------------------------------------------===//
// TBuf
//===----------------------------------------------------------------------===//

def Asc_TBufGetOp : Asc_MemberOp<"tbuf_get", "Get", [Asc_PipeReadEffects],
                                 /*hasTemplateArgs=*/1> {
  let pyName = "TBuf.get";
  let summary = "the buffer of a TBuf as a tensor";
  let description = [{
    Python `buf.get(dtype[, len])`: the whole buffer, or its first `len`
    elements (a constant `len` must be positive). The tensor has the
    buffer's position.

    ```mlir
    %t = asc.tbuf_get %b : !asc.tbuf<veccalc> -> !asc.local_tensor<veccalc, f32>
    %u = asc.tbuf_get %b, %n : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, f32>
    ```
    ```c++
    AscendC::LocalTensor<float> t = b.Get<float>();
    AscendC::LocalTensor<float> u = b.Get<float>(n);
    ```
  }];
  let arguments = (ins
    Arg<Asc_TBufType, "buffer">:$buf,
    Arg<Optional<AnySignlessInteger>, "number of elements">:$length
  );
  let results = (outs Asc_LocalTensorType:$result);
  let assemblyFormat = [{
    $buf (`,` $length^)? attr-dict `:` qualified(type($buf))
    (`,` type($length)^)? `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Asc_TBufGetWithOffsetOp
    : Asc_MemberOp<"tbuf_get_with_offset", "GetWithOffset",
                   [Asc_PipeReadEffects], /*hasTemplateArgs=*/1> {
  let pyName = "TBuf.get_with_offset";
  let summary = "part of the buffer of a TBuf as a tensor";
  let description = [{
    Python `buf.get_with_offset(size, buf_offset, dtype)`: `size` elements
    starting `offset` bytes into the buffer. A constant `size` must be
    positive and a constant `offset` a non-negative multiple of 32.

    ```mlir
    %t = asc.tbuf_get_with_offset %b, %n, %off : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f32>
    ```
    ```c++
    AscendC::LocalTensor<float> t = b.GetWithOffset<float>(n, off);
    ```
  }];
  let arguments = (ins
    Arg<Asc_TBufType, "buffer">:$buf,
    Arg<AnySignlessInteger, "number of elements">:$size,
    Arg<AnySignlessInteger, "byte offset in the buffer">:$offset
  );
  let results = (outs Asc_LocalTensorType:$result);
  let assemblyFormat = [{
    $buf `,` $size `,` $offset attr-dict `:` qualified(type($buf)) `,`
    type($size) `,` type($offset) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// TBufPool
//===----------------------------------------------------------------------===//

def Asc_TBufPoolInitBufferOp
    : Asc_MemberOp<"tbuf_pool_init_buffer", "InitBuffer", [Asc_PipeEffects]> {
  let pyName = "TBufPool.init_buffer";
  let summary = "give a queue buffers carved from a pool";
  let description = [{
    Python `pool.init_buffer(que, num, len)`. As `asc.tpipe_init_buffer`;
    the queue's buffers must be in the pool's memory.

    ```mlir
    asc.tbuf_pool_init_buffer %pool, %q, %num, %len : !asc.tbuf_pool<vecin, 4>, !asc.tque<vecin, 2>, i32, i32
    ```
    ```c++
    pool.InitBuffer(q, num, len);
    ```
  }];
  let arguments = (ins
    Arg<Asc_TBufPoolType, "pool">:$pool,
    Arg<Asc_AnyQueue, "queue receiving the buffers">:$queue,
    Arg<AnySignlessInteger, "number of buffers">:$num,
    Arg<AnySignlessInteger, "bytes per buffer">:$length
  );
  let assemblyFormat = [{
    $pool `,` $queue `,` $num `,` $length attr-dict `:` qualified(type($pool))
    `,` qualified(type($queue)) `,` type($num) `,` type($length)
  }];
  let hasVerifier = 1;
}

def Asc_TBufPoolInitTBufOp
    : Asc_MemberOp<"tbuf_pool_init_tbuf", "InitBuffer", [Asc_PipeEffects]> {
  let pyName = "TBufPool.init_buffer";
  let summary = "give a TBuf a buffer carved from a pool";
  let description = [{
    Python `pool.init_buffer(buf, len)`. The buffer must be in the pool's
    memory.

    ```mlir
    asc.tbuf_pool_init_tbuf %pool, %b, %len : !asc.tbuf_pool<vecin, 4>, !asc.tbuf<veccalc>, i32
    ```
    ```c++
    pool.InitBuffer(b, len);
    ```
  }];
  let arguments = (ins
    Arg<Asc_TBufPoolType, "pool">:$pool,
    Arg<Asc_TBufType, "buffer">:$buf,
    Arg<AnySignlessInteger, "bytes">:$length
  );
  let assemblyFormat = [{
    $pool `,` $buf `,` $length attr-dict `:` qualified(type($pool)) `,`
    qualified(type($buf)) `,` type($length)
  }];
  let hasVerifier = 1;
}

def Asc_TBufPoolInitBufPoolOp
    : Asc_MemberOp<"tbuf_pool_init_buf_pool", "InitBufPool",
                   [Asc_PipeEffects]> {
  let pyName = "TBufPool.init_buf_pool";
  let summary = "carve a nested pool from a pool";
  let description = [{
    Python `pool.init_buf_pool(sub, len[, share_buf])`.

    ```mlir
    asc.tbuf_pool_init_buf_pool %pool, %sub, %len : !asc.tbuf_pool<vecin, 4>, !asc.tbuf_pool<vecin, 2>, i32
    ```
    ```c++
    pool.InitBufPool(sub, len);
    ```
  }];
  let arguments = (ins
    Arg<Asc_TBufPoolType, "pool">:$pool,
    Arg<Asc_TBufPoolType, "nested pool">:$subPool,
    Arg<AnySignlessInteger, "bytes">:$length,
    Arg<Optional<Asc_TBufPoolType>, "pool whose memory is shared">:$share
  );
  let assemblyFormat = [{
    $pool `,` $subPool `,` $length (`,` $share^)? attr-dict `:`
    qualified(type($pool)) `,` qualified(type($subPool)) `,` type($length)
    (`,` qualified(type($share))^)?
  }];
  let hasVerifier = 1;
}

def Asc_TBufPoolResetOp
    : Asc_MemberOp<"tbuf_pool_reset", "Reset", [Asc_QueueEffects]> {
  let pyName = "TBufPool.reset";
  let summary = "wait for a pool's pending events and empty it";
  let description = [{
    Python `pool.reset()`. Buffers carved from the pool become invalid.

    ```mlir
    asc.tbuf_pool_reset %pool : !asc.tbuf_pool<vecin, 4>
    ```
    ```c++
    pool.Reset();
    ```
  }];
  let arguments = (ins Arg<Asc_TBufPoolType, "pool">:$pool);
  let assemblyFormat = "$pool attr-dict `:` qualified(type($pool))";
}

//===----------------------------------------------------------------------===//
// LocalMemAllocator
//===----------------------------------------------------------------------===//

def Asc_LocalMemAllocatorAllocOp
    : Asc_MemberOp<"local_mem_allocator_alloc", "Alloc", [],
                   /*hasTemplateArgs=*/1> {
  let pyName = "LocalMemAllocator.alloc";
  let summary = "allocate the next static local tensor";
  let description = [{
    Python `allocator.alloc(pos, dtype, tile_size)`: `size` elements placed
    after the previous allocation. The tensor's position must be in the
    allocator's memory; a constant `size` must be positive.

    ```mlir
    %t = asc.local_mem_allocator_alloc %a, %n : !asc.local_mem_allocator<ub>, i32 -> !asc.local_tensor<vecin, f32>
    ```
    ```c++
    AscendC::LocalTensor<float> t = a.Alloc<AscendC::TPosition::VECIN, float>(n);
    ```
  }];
  let arguments = (ins
    Arg<Asc_LocalMemAllocatorType, "allocator", [MemRead, MemWrite]>:
        $allocator,
    Arg<AnySignlessInteger, "number of elements">:$size
  );
  let results = (outs Asc_LocalTensorType:$result);
  let assemblyFormat = [{
    $allocator `,` $size attr-dict `:` qualified(type($allocator)) `,`
    type($size) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Asc_LocalMemAllocatorGetCurAddrOp
    : Asc_MemberOp<"local_mem_allocator_get_cur_addr", "GetCurAddr"> {
  let pyName = "LocalMemAllocator.get_cur_addr";
  let summary = "the address the next allocation starts at";
  let description = [{
    Python `allocator.get_cur_addr()`.

    ```mlir
    %addr = asc.local_mem_allocator_get_cur_addr %a : !asc.local_mem_allocator<ub> -> i32
    ```
    ```c++
    static_cast<int32_t>(a.GetCurAddr())
    ```
  }];
  let arguments = (ins
    Arg<Asc_LocalMemAllocatorType, "allocator", [MemRead]>:$allocator
  );
  let results = (outs AnySignlessInteger:$result);
  let assemblyFormat = [{
    $allocator attr-dict `:` qualified(type($allocator)) `->` type($result)
  }];
}

#endif // ASCIR_DIALECT_ASC_IR_ASCFRAMEWORKOPS_TD
