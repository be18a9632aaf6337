//! The input structures of lazy initialization (`symbolic.lazy`) as paths record them: the
//! settings, the input objects and their names (`e0`, `e1`, ...), and the values their
//! fields took, for reports and generated tests.

use rpf_plugin_api::{ConfigView, HostRef};

use crate::expr::{Arena, ExprId, PathId, Slot, Step, Taken};
use crate::methods::InputObject;

/// `symbolic.lazy` and its settings.
#[derive(Debug, Clone)]
pub struct Lazy {
    /// `symbolic.lazy.max_objects`: input objects a path may have.
    pub max_objects: u32,
    /// `symbolic.lazy.precondition`: `pkg.Class.method` of a `boolean` method that an
    /// analysed method's inputs must satisfy (a `repOk()`).
    pub precondition: Option<(String, String)>,
}

impl Lazy {
    /// The settings `config` gives, `None` without `symbolic.lazy`.
    pub fn configured(config: &ConfigView) -> Result<Option<Lazy>, String> {
        if !config.bool("symbolic.lazy", false)? {
            return Ok(None);
        }
        let max_objects = match config.int("symbolic.lazy.max_objects")? {
            None => 5,
            Some(n) if (1..=1000).contains(&n) => n as u32,
            Some(n) => {
                return Err(format!(
                    "symbolic.lazy.max_objects must be 1..1000 objects, not {n}"
                ))
            }
        };
        let precondition = match config.get("symbolic.lazy.precondition") {
            None => None,
            Some(spec) => {
                let (class, name) = spec.trim().rsplit_once('.').ok_or_else(|| {
                    format!("symbolic.lazy.precondition: \"{spec}\" is not Class.method")
                })?;
                Some((class.replace('/', "."), name.to_string()))
            }
        };
        Ok(Some(Lazy {
            max_objects,
            precondition,
        }))
    }
}

/// The input objects of `path`, in the order they were made (`e0`, `e1`, ...).
pub fn input_objects(a: &Arena, path: Option<PathId>) -> Vec<(u32, String)> {
    a.steps(path)
        .into_iter()
        .filter_map(|(_, s)| match s {
            Step::Object { id, class } => Some((id, class)),
            _ => None,
        })
        .collect()
}

/// The name of input object `id` among `objects` (`e0`, ...).
pub fn object_name(objects: &[(u32, String)], id: u32) -> String {
    objects
        .iter()
        .position(|(o, _)| *o == id)
        .map_or_else(|| format!("#{id}"), |k| format!("e{k}"))
}

/// A field's input value: a Java expression (`null`, `e1`), or an expression to solve with
/// the field's type descriptor.
pub type FieldValue = Result<String, (ExprId, String)>;

/// The input structure of `path` as generated tests rebuild it: each input object's class
/// and the fields the path read, with their values as Java expressions (`null`, `e1`) or
/// as expressions to solve (with the field's descriptor).
pub fn input_heap(
    host: &HostRef<'_, '_>,
    a: &Arena,
    path: Option<PathId>,
) -> Vec<InputObject<FieldValue>> {
    let objects = input_objects(a, path);
    let mut heap: Vec<(String, Vec<_>)> = objects
        .iter()
        .map(|(_, class)| (class.clone(), Vec::new()))
        .collect();
    for (_, step) in a.steps(path) {
        let Step::Slot {
            slot: Slot::Field { holder, field },
            taken,
            ..
        } = step
        else {
            continue;
        };
        let Some(k) = objects.iter().position(|(o, _)| *o == holder) else {
            continue;
        };
        let value = match taken {
            Taken::Null => Ok("null".to_string()),
            Taken::Object(o) => Ok(object_name(&objects, o)),
            Taken::Value(e) => {
                let descriptor = host
                    .class_fields(heap[k].0.as_str().into())
                    .into_iter()
                    .find(|f| f.name.as_str() == field && !f.is_static)
                    .map(|f| f.descriptor.into_string())
                    .unwrap_or_default();
                Err((e, descriptor))
            }
        };
        heap[k].1.push((field, value));
    }
    heap
}
