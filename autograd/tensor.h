// Tensor: a contiguous, row-major float32 array with a shape.
//
// Copying a Tensor copies its data (value semantics, like std::vector).
// `alias()` is the one explicit way to share storage: Hogwild training uses it
// so that every thread's graph reads and writes the same embedding table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

namespace gv {

class Rng;

using Shape = std::vector<int64_t>;

// The most elements a tensor may hold: its size in bytes must fit in a ptrdiff_t, so that
// neither an element count, an index, nor a byte count derived from a shape can overflow.
inline constexpr int64_t kMaxNumel = PTRDIFF_MAX / static_cast<int64_t>(sizeof(float));

// "(2, 3, 4)" — used in every error message that names a shape.
std::string shape_str(const Shape& shape);
// The element count of `shape`. Throws std::invalid_argument for a negative dim, and
// std::length_error naming the shape when its non-zero dims multiply to more than kMaxNumel:
// a dim of 0 does not excuse the others, because the ops take partial products of a shape
// (rows before the last dim, the columns after one) that must fit whatever the total.
int64_t shape_numel(const Shape& shape);

class Tensor {
 public:
  Tensor() = default;  // empty: shape (0), no storage
  // Zero-filled. Every constructor checks the shape with shape_numel() before allocating.
  explicit Tensor(Shape shape);

  static Tensor zeros(Shape shape) { return Tensor(std::move(shape)); }
  static Tensor ones(Shape shape) { return full(std::move(shape), 1.0f); }
  static Tensor full(Shape shape, float value);
  static Tensor scalar(float value) { return full({}, value); }
  // `values.size()` must equal the shape's element count.
  static Tensor from(Shape shape, std::vector<float> values);
  static Tensor uniform(Shape shape, float low, float high, Rng& rng);
  static Tensor normal(Shape shape, float mean, float stddev, Rng& rng);
  // Contents unspecified, for a caller that writes every element: a large table is then
  // touched once, by whoever fills it, rather than zeroed first.
  static Tensor uninitialized(Shape shape);

  Tensor(const Tensor& other);
  Tensor& operator=(const Tensor& other);
  Tensor(Tensor&&) noexcept = default;
  Tensor& operator=(Tensor&&) noexcept = default;

  // A tensor that shares this one's storage (writes through either are seen by both).
  Tensor alias() const;
  // Same data, new shape with the same element count; shares storage like alias().
  Tensor reshaped(Shape shape) const;

  const Shape& shape() const { return shape_; }
  int64_t ndim() const { return static_cast<int64_t>(shape_.size()); }
  // size(-1) is the last dimension, as in PyTorch.
  int64_t size(int64_t dim) const;
  int64_t numel() const { return numel_; }
  // numel() * sizeof(float), which cannot overflow (numel() <= kMaxNumel).
  int64_t nbytes() const { return numel_ * static_cast<int64_t>(sizeof(float)); }
  bool empty() const { return numel_ == 0; }

  float* data() { return data_.get(); }
  const float* data() const { return data_.get(); }
  float& operator[](int64_t flat) { return data_[flat]; }
  float operator[](int64_t flat) const { return data_[flat]; }

  // Bounds-checked element access by full index; throws std::out_of_range naming index and shape.
  float& at(std::initializer_list<int64_t> index);
  float at(std::initializer_list<int64_t> index) const;
  // The single value of a one-element tensor.
  float item() const;

  void fill(float value);
  // Throws std::invalid_argument "<what>: expected shape (..), got (..)" unless shapes match.
  void check_shape(const Shape& expected, const char* what) const;

 private:
  int64_t flat_index(std::initializer_list<int64_t> index) const;

  Shape shape_{0};
  int64_t numel_ = 0;
  std::shared_ptr<float[]> data_;
};

}  // namespace gv
