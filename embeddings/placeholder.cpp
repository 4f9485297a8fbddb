// Scaffolding: replaced as the library grows.
namespace gv {}
