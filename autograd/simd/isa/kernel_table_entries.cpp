// This variant's KernelTable, which simd/kernel_table.cpp hands out when the CPU runs it.
#include "autograd/simd/isa/isa_kernels.h"

namespace gv::inline GV_ISA {

extern const KernelTable kKernelTable;
const KernelTable kKernelTable = {
    .isa = Isa::GV_ISA,  // the enumerators are the variants' names
    .dot_rows = dot_rows,
    .dot_block_grads = dot_block_grads,
    .logistic_losses = logistic_losses,
    .axpy_rows = axpy_rows,
    .gemm = gemm,
    .causal_softmax_row = causal_softmax_row,
    .softmax_row_backward = softmax_row_backward,
    .gelu = gelu,
    .gelu_backward = gelu_backward,
    .sgd_update = sgd_update,
    .adagrad_update = adagrad_update,
    .adam_update = adam_update,
};

}  // namespace gv::inline GV_ISA
