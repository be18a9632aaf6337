//! java.lang.reflect natives: arrays.

use super::{class_arg, throw, Args, NativeExit, NativeRegistry, NativeResult};
use crate::vm::class::ClassKind;
use crate::vm::thread::Exec;
use crate::vm::value::Value;
use crate::vm::Vm;

/// Registers the natives of this module.
pub fn register(r: &mut NativeRegistry) {
    r.add("java/lang/reflect/Array", "newArray", "(Ljava/lang/Class;I)Ljava/lang/Object;", new_array);
    r.add("java/lang/reflect/Array", "getLength", "(Ljava/lang/Object;)I", |vm, _, a| {
        match vm.heap.get(a.obj(0)).map(|o| o.data.array_len()) {
            None => super::npe(),
            Some(None) => throw("java/lang/IllegalArgumentException", "Argument is not an array"),
            Some(Some(n)) => Ok(Value::Int(n as i32)),
        }
    });
}

fn new_array(vm: &mut Vm, _: &mut Exec, a: &[Value]) -> NativeResult {
    let component = class_arg(vm, a.obj(0))?;
    let len = a.int(1);
    if len < 0 {
        return throw("java/lang/NegativeArraySizeException", len.to_string());
    }
    if matches!(vm.classes.get(component).kind, ClassKind::Primitive('V')) {
        return throw("java/lang/IllegalArgumentException", "");
    }
    let array_class = vm
        .array_class_of(component)
        .map_err(|e| NativeExit::ThrowNew(e.error_class, Some(e.message)))?;
    Ok(Value::Ref(vm.new_array(array_class, len as usize)))
}
