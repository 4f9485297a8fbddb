#include "autograd/tensor.h"

#include <algorithm>
#include <new>
#include <sstream>
#include <stdexcept>

#include "autograd/rng.h"

namespace gv {

std::string shape_str(const Shape& shape) {
  std::ostringstream out;
  out << '(';
  for (size_t i = 0; i < shape.size(); ++i) out << (i ? ", " : "") << shape[i];
  out << ')';
  return out.str();
}

namespace {

// Storage starts on a cache line, so that a table whose rows are a whole number of lines long
// (a trainer's padded rows, word2vec/trainer.h) has every row on lines of its own: a row read
// or written touches only its own lines, and no vector load straddles two.
constexpr std::align_val_t kStorageAlignment{64};

std::shared_ptr<float[]> allocate_floats(int64_t n) {
  void* memory = ::operator new[](static_cast<size_t>(std::max<int64_t>(n, 1)) * sizeof(float),
                                  kStorageAlignment);
  return std::shared_ptr<float[]>(static_cast<float*>(memory), [](float* floats) {
    ::operator delete[](floats, kStorageAlignment);
  });
}

}  // namespace

int64_t shape_numel(const Shape& shape) {
  if (std::any_of(shape.begin(), shape.end(), [](int64_t d) { return d < 0; })) {
    throw std::invalid_argument("negative dimension in shape " + shape_str(shape));
  }
  int64_t nonzero = 1;  // the product of the non-zero dims, checked before every step
  bool empty = false;
  for (int64_t d : shape) {
    if (d == 0) {
      empty = true;
    } else if (d > kMaxNumel / nonzero) {
      throw std::length_error("shape " + shape_str(shape) +
                              " has more elements than a tensor can hold (at most " +
                              std::to_string(kMaxNumel) + ")");
    } else {
      nonzero *= d;
    }
  }
  return empty ? 0 : nonzero;
}

Tensor::Tensor(Shape shape) : shape_(std::move(shape)), numel_(shape_numel(shape_)) {
  data_ = allocate_floats(numel_);
  std::fill(data_.get(), data_.get() + numel_, 0.0f);
}

Tensor Tensor::full(Shape shape, float value) {
  Tensor t(std::move(shape));
  t.fill(value);
  return t;
}

Tensor Tensor::from(Shape shape, std::vector<float> values) {
  Tensor t(std::move(shape));
  if (static_cast<int64_t>(values.size()) != t.numel_) {
    throw std::invalid_argument("Tensor::from: shape " + shape_str(t.shape_) + " holds " +
                                std::to_string(t.numel_) + " values, got " +
                                std::to_string(values.size()));
  }
  std::copy(values.begin(), values.end(), t.data());
  return t;
}

Tensor Tensor::uniform(Shape shape, float low, float high, Rng& rng) {
  Tensor t(std::move(shape));
  for (int64_t i = 0; i < t.numel_; ++i) t[i] = low + (high - low) * rng.uniform();
  return t;
}

Tensor Tensor::uninitialized(Shape shape) {
  Tensor t;
  t.shape_ = std::move(shape);
  t.numel_ = shape_numel(t.shape_);
  t.data_ = allocate_floats(t.numel_);
  return t;
}

Tensor Tensor::normal(Shape shape, float mean, float stddev, Rng& rng) {
  Tensor t(std::move(shape));
  for (int64_t i = 0; i < t.numel_; ++i) t[i] = mean + stddev * static_cast<float>(rng.normal());
  return t;
}

Tensor::Tensor(const Tensor& other) : shape_(other.shape_), numel_(other.numel_) {
  if (other.data_) {
    data_ = allocate_floats(numel_);
    std::copy(other.data(), other.data() + numel_, data());
  }
}

Tensor& Tensor::operator=(const Tensor& other) {
  if (this != &other) *this = Tensor(other);
  return *this;
}

Tensor Tensor::alias() const {
  Tensor t;
  t.shape_ = shape_;
  t.numel_ = numel_;
  t.data_ = data_;
  return t;
}

Tensor Tensor::reshaped(Shape shape) const {
  if (shape_numel(shape) != numel_) {
    throw std::invalid_argument("reshape: cannot view " + shape_str(shape_) + " as " +
                                shape_str(shape));
  }
  Tensor t = alias();
  t.shape_ = std::move(shape);
  return t;
}

int64_t Tensor::size(int64_t dim) const {
  const int64_t n = ndim();
  const int64_t d = dim < 0 ? dim + n : dim;
  if (d < 0 || d >= n) {
    throw std::out_of_range("dimension " + std::to_string(dim) + " out of range for shape " +
                            shape_str(shape_));
  }
  return shape_[d];
}

int64_t Tensor::flat_index(std::initializer_list<int64_t> index) const {
  if (static_cast<int64_t>(index.size()) != ndim()) {
    throw std::out_of_range("index with " + std::to_string(index.size()) +
                            " coordinates for shape " + shape_str(shape_));
  }
  int64_t flat = 0;
  size_t d = 0;
  for (int64_t i : index) {
    if (i < 0 || i >= shape_[d]) {
      throw std::out_of_range("index " + std::to_string(i) + " out of range in dimension " +
                              std::to_string(d) + " of shape " + shape_str(shape_));
    }
    flat = flat * shape_[d] + i;
    ++d;
  }
  return flat;
}

float& Tensor::at(std::initializer_list<int64_t> index) {
  return data_[flat_index(index)];
}
float Tensor::at(std::initializer_list<int64_t> index) const {
  return data_[flat_index(index)];
}

float Tensor::item() const {
  if (numel_ != 1) {
    throw std::invalid_argument("item() needs a one-element tensor, got shape " +
                                shape_str(shape_));
  }
  return data_[0];
}

void Tensor::fill(float value) {
  std::fill(data(), data() + numel_, value);
}

void Tensor::check_shape(const Shape& expected, const char* what) const {
  if (shape_ != expected) {
    throw std::invalid_argument(std::string(what) + ": expected shape " + shape_str(expected) +
                                ", got " + shape_str(shape_));
  }
}

}  // namespace gv
